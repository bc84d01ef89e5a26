import type { webhooks } from './generated/openapi.js';

/** Every event kind the service sends, e.g. `'prospect.created'`. @see openapi.yaml `webhooks` */
export type WebhookEventType = keyof webhooks;

/**
 * The envelope `{id, event, workspace_id, occurred_at, data}` of one event kind, taken from the contract's
 * `webhooks` section, so it is the same type `@prospectkit/webhooks` verifies.
 *
 * @example
 * function onMeeting(event: WebhookEventOf<'meeting.booked'>) { console.log(event.data.meeting_at); }
 */
export type WebhookEventOf<T extends WebhookEventType> =
  webhooks[T]['post']['requestBody']['content']['application/json'];

/**
 * Any event envelope, told apart by `event`; narrow it with a `switch`.
 *
 * @example
 * function handle(event: WebhookEvent) {
 *   switch (event.event) {
 *     case 'prospect.created': return console.log(event.data.company);
 *     case 'opportunity.won': return console.log(event.data.value_minor, event.data.currency);
 *   }
 * }
 */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

/** `prospect.created`: a prospect was added in the app, by import or through the API. */
export type ProspectCreatedEvent = WebhookEventOf<'prospect.created'>;
/** `inbox.reply.received`: a prospect replied to an email that was sent. */
export type InboxReplyReceivedEvent = WebhookEventOf<'inbox.reply.received'>;
/** `conversation.assigned`: a conversation was assigned (`assignee_id` set) or unassigned (`null`). */
export type ConversationAssignedEvent = WebhookEventOf<'conversation.assigned'>;
/** `prospect.outcome.updated`: an outcome, meeting or value was recorded; sent on every recorded outcome. */
export type ProspectOutcomeUpdatedEvent = WebhookEventOf<'prospect.outcome.updated'>;
/** `opportunity.updated`: sent right after every `prospect.outcome.updated`. */
export type OpportunityUpdatedEvent = WebhookEventOf<'opportunity.updated'>;
/** `meeting.booked`: a new meeting time was set, or the outcome became `Meeting booked`. */
export type MeetingBookedEvent = WebhookEventOf<'meeting.booked'>;
/** `opportunity.won`: the outcome changed to `Won` from anything else. */
export type OpportunityWonEvent = WebhookEventOf<'opportunity.won'>;
