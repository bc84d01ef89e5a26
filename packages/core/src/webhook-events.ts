import type { components, webhooks } from './generated/openapi.js';

type Schemas = components['schemas'];

/**
 * Every event kind the service sends, e.g. `'prospect.created'`, from the contract's `webhooks` section.
 *
 * @example
 * const kinds: WebhookEventType[] = ['prospect.created', 'opportunity.won'];
 * @see openapi.yaml `webhooks`
 */
export type WebhookEventType = keyof webhooks;

/** An event kind as the `EventType` schema names it; the same seven as {@link WebhookEventType}. @see openapi.yaml `EventType` */
export type EventType = Schemas['EventType'];

/**
 * The envelope `{id, event, workspace_id, occurred_at, data}` of one event kind.
 *
 * @example
 * function onMeeting(event: WebhookEventOf<'meeting.booked'>) { console.log(event.data.meeting_at); }
 * @see openapi.yaml `webhooks.<kind>.post.requestBody`
 */
export type WebhookEventOf<T extends WebhookEventType> =
  webhooks[T]['post']['requestBody']['content']['application/json'];

/**
 * Any event envelope, a union told apart by `event`; narrow it with a `switch`.
 *
 * @example
 * function handle(event: WebhookEvent) {
 *   switch (event.event) {
 *     case 'prospect.created': return console.log(event.data.company);
 *     case 'opportunity.won': return console.log(event.data.value_minor, event.data.currency);
 *   }
 * }
 * @see openapi.yaml `components.schemas.WebhookEvent`
 */
export type WebhookEvent = Schemas['WebhookEvent'];

/** `prospect.created`: a prospect was added in the app, by import or through the API. @see openapi.yaml `ProspectCreatedEvent` */
export type ProspectCreatedEvent = Schemas['ProspectCreatedEvent'];
/** `inbox.reply.received`: a prospect replied to an email that was sent. @see openapi.yaml `InboxReplyReceivedEvent` */
export type InboxReplyReceivedEvent = Schemas['InboxReplyReceivedEvent'];
/** `conversation.assigned`: `assignee_id` set, or `null` when unassigned. @see openapi.yaml `ConversationAssignedEvent` */
export type ConversationAssignedEvent = Schemas['ConversationAssignedEvent'];
/** `prospect.outcome.updated`: an outcome, meeting or value was recorded; sent on every recorded outcome. @see openapi.yaml `ProspectOutcomeUpdatedEvent` */
export type ProspectOutcomeUpdatedEvent = Schemas['ProspectOutcomeUpdatedEvent'];
/** `opportunity.updated`: sent right after every `prospect.outcome.updated`. @see openapi.yaml `OpportunityUpdatedEvent` */
export type OpportunityUpdatedEvent = Schemas['OpportunityUpdatedEvent'];
/** `meeting.booked`: a new meeting time was set, or the outcome became `Meeting booked`. @see openapi.yaml `MeetingBookedEvent` */
export type MeetingBookedEvent = Schemas['MeetingBookedEvent'];
/** `opportunity.won`: the outcome changed to `Won` from anything else. @see openapi.yaml `OpportunityWonEvent` */
export type OpportunityWonEvent = Schemas['OpportunityWonEvent'];

/** The seven event kinds, in the order of the contract's `webhooks` section. */
export const EVENT_TYPES: readonly EventType[] = [
  'prospect.created',
  'inbox.reply.received',
  'conversation.assigned',
  'prospect.outcome.updated',
  'opportunity.updated',
  'meeting.booked',
  'opportunity.won',
];
