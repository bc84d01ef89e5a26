import type { components, webhooks } from './generated/openapi.js';

/** Every event kind the service sends, e.g. `'prospect.created'`. @see openapi.yaml `webhooks` */
export type WebhookEventType = keyof webhooks;

/** The envelope of one event kind, from the contract's `webhooks` section. */
export type WebhookEventOf<T extends WebhookEventType> =
  webhooks[T]['post']['requestBody']['content']['application/json'];

/** Any event envelope `{id, event, workspace_id, occurred_at, data}`, told apart by `event`. */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

export type ProspectCreatedEvent = components['schemas']['ProspectCreatedEvent'];
export type InboxReplyReceivedEvent = components['schemas']['InboxReplyReceivedEvent'];
export type ConversationAssignedEvent = components['schemas']['ConversationAssignedEvent'];
export type ProspectOutcomeUpdatedEvent = components['schemas']['ProspectOutcomeUpdatedEvent'];
export type OpportunityUpdatedEvent = components['schemas']['OpportunityUpdatedEvent'];
export type MeetingBookedEvent = components['schemas']['MeetingBookedEvent'];
export type OpportunityWonEvent = components['schemas']['OpportunityWonEvent'];
