import type { WebhookEvent } from '@prospectkit/core';
import { parseEvent } from './parse-event.js';
import {
  type CheckedRequest,
  checkWebhookSignature,
  type VerifyWebhookSignatureOptions,
} from './verify-webhook-signature.js';

/**
 * Options of {@link verifyWebhook}: `body`, `headers`, `secret`, `toleranceSeconds` (default 300), `clock`
 * (default: the system clock; `nowSeconds` is its deprecated form) and `cryptoProvider` (default: `node:crypto`
 * on Node, Web Crypto elsewhere).
 */
export type VerifyWebhookOptions = VerifyWebhookSignatureOptions;

/**
 * Verifies a signed webhook request and returns its typed event envelope.
 *
 * Checks, in order: the body is raw (not parsed); every secret starts with `whk_`; `Service-Event-ID`,
 * `Service-Timestamp` and `Service-Signature` are present; the timestamp is within `toleranceSeconds` of now,
 * either way; one signature entry matches one secret (constant time); the body is a JSON envelope whose `id`
 * equals `Service-Event-ID`.
 *
 * @param options - `{ body, headers, secret, toleranceSeconds = 300, clock?, cryptoProvider? }`, see
 *   {@link VerifyWebhookSignatureOptions}
 * @returns the event envelope `{ id, event, workspace_id, occurred_at, data }`; narrow it on `event`
 * @throws {WebhookVerificationError} with `code` `invalid_body`, `invalid_secret`, `missing_header`,
 *   `malformed_timestamp`, `timestamp_outside_tolerance`, `malformed_header`, `no_matching_signature` or
 *   `event_id_mismatch`
 * @throws {RangeError} when `toleranceSeconds` is not a positive finite number
 * @throws {TypeError} when `clock.now()` is not a valid `Date`
 * @example
 * // Any fetch-style runtime (Hono, Next.js, Workers, Deno, Bun):
 * const event = await verifyWebhook({
 *   body: await request.arrayBuffer(),
 *   headers: request.headers,
 *   secret: env.PROSPECTKIT_WEBHOOK_SECRET,
 * });
 * if (event.event === 'prospect.created') console.log(event.data.company);
 * @see service-spec.md sections 5 ("Webhook signature") and 6; openapi.yaml `webhooks`
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const checked = { body: '', eventId: '' } as CheckedRequest;
  await checkWebhookSignature(options, checked);
  return parseEvent(checked.body, checked.eventId);
}
