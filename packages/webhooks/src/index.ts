export type {
  ConversationAssignedEvent,
  InboxReplyReceivedEvent,
  MeetingBookedEvent,
  OpportunityUpdatedEvent,
  OpportunityWonEvent,
  ProspectCreatedEvent,
  ProspectOutcomeUpdatedEvent,
  WebhookEvent,
  WebhookEventOf,
  WebhookEventType,
} from './events.js';
export { type SignatureHeaders, type SignWebhookOptions, signWebhook } from './sign-webhook.js';
export { type VerifyWebhookOptions, verifyWebhook } from './verify-webhook.js';
export { WebhookVerificationError, type WebhookVerificationErrorCode } from './webhook-verification-error.js';
