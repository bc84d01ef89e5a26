/**
 * Verify, deduplicate and type ProspectKit webhook events: {@link verifyWebhook} checks the HMAC-SHA256
 * signature over the raw body and the 300-second window, and returns the event typed by its kind. The
 * framework adapters are `@prospectkit/webhooks/express` and `@prospectkit/webhooks/fetch`; shared dedupe stores
 * are `@prospectkit/webhooks/redis` and `@prospectkit/webhooks/postgres`.
 *
 * @example
 * import { verifyWebhook } from '@prospectkit/webhooks';
 * const event = await verifyWebhook({ body, headers, secret: process.env.PROSPECTKIT_WEBHOOK_SECRET! });
 * @see the package README (packages/webhooks/README.md) for error codes and secret rotation
 * @packageDocumentation
 */
// The event types are the contract's, generated once into the internal core package and bundled in.
export type {
  Clock,
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
} from '@prospectkit/core';
export {
  type BuildSignedWebhookOptions,
  buildSignedWebhook,
  type SignedWebhook,
} from './build-signed-webhook.js';
export { buildWebhookEvent, type WebhookEventOverrides } from './build-webhook-event.js';
export type { CryptoProvider } from './crypto-provider.js';
export { DEFAULT_DEDUPE_TTL_MS, type DedupeStore } from './dedupe-store.js';
export { defaultCryptoProvider } from './default-crypto-provider.js';
export type { WebhookHeaders } from './get-header.js';
export { MemoryDedupeStore, type MemoryDedupeStoreOptions } from './memory-dedupe-store.js';
export { createNodeCryptoProvider, type NodeCryptoModule } from './node-crypto-provider.js';
export {
  type ProcessWebhookOptions,
  processWebhook,
  type WebhookFailureCode,
  type WebhookRequestParts,
  type WebhookResponseBody,
  type WebhookResult,
} from './process-webhook.js';
export {
  type SignatureHeaders,
  type SignWebhookOptions,
  signWebhook,
  signWebhookSync,
} from './sign-webhook.js';
export type { RawBody } from './to-raw-body.js';
export { type VerifyWebhookOptions, verifyWebhook } from './verify-webhook.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  type VerifyWebhookSignatureOptions,
  verifyWebhookSignature,
} from './verify-webhook-signature.js';
export { createWebCryptoProvider } from './web-crypto-provider.js';
export type { WebhookHandlers } from './webhook-handlers.js';
export { WebhookVerificationError, type WebhookVerificationErrorCode } from './webhook-verification-error.js';
