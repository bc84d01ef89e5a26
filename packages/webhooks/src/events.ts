import type { components, webhooks } from './generated/openapi.js';

/**
 * Every event kind the service sends, e.g. `'prospect.created'`, from the contract's `webhooks` section.
 *
 * @example
 * const kinds: WebhookEventType[] = ['prospect.created', 'opportunity.won'];
 * @see openapi.yaml `webhooks`; service-spec.md section 6
 */
export type WebhookEventType = keyof webhooks;

/**
 * The envelope `{ id, event, workspace_id, occurred_at, data }` of one event kind.
 *
 * @example
 * function onWon(event: WebhookEventOf<'opportunity.won'>) { return event.data.value_minor; }
 * @see openapi.yaml `webhooks.<kind>.post.requestBody`
 */
export type WebhookEventOf<T extends WebhookEventType> =
  webhooks[T]['post']['requestBody']['content']['application/json'];

/**
 * Any event envelope, a union told apart by `event`.
 *
 * @example
 * if (event.event === 'conversation.assigned') console.log(event.data.assignee_id);
 * @see openapi.yaml `components.schemas.WebhookEvent`
 */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

/** Envelope of `prospect.created`: a prospect was added. @see openapi.yaml `ProspectCreatedEvent` */
export type ProspectCreatedEvent = components['schemas']['ProspectCreatedEvent'];
/** Envelope of `inbox.reply.received`: a prospect replied. @see openapi.yaml `InboxReplyReceivedEvent` */
export type InboxReplyReceivedEvent = components['schemas']['InboxReplyReceivedEvent'];
/** Envelope of `conversation.assigned`: `assignee_id` set, or `null` when unassigned. @see openapi.yaml `ConversationAssignedEvent` */
export type ConversationAssignedEvent = components['schemas']['ConversationAssignedEvent'];
/** Envelope of `prospect.outcome.updated`: an outcome was recorded. @see openapi.yaml `ProspectOutcomeUpdatedEvent` */
export type ProspectOutcomeUpdatedEvent = components['schemas']['ProspectOutcomeUpdatedEvent'];
/** Envelope of `opportunity.updated`, sent right after `prospect.outcome.updated`. @see openapi.yaml `OpportunityUpdatedEvent` */
export type OpportunityUpdatedEvent = components['schemas']['OpportunityUpdatedEvent'];
/** Envelope of `meeting.booked`. @see openapi.yaml `MeetingBookedEvent` */
export type MeetingBookedEvent = components['schemas']['MeetingBookedEvent'];
/** Envelope of `opportunity.won`: the outcome changed to `Won`. @see openapi.yaml `OpportunityWonEvent` */
export type OpportunityWonEvent = components['schemas']['OpportunityWonEvent'];
