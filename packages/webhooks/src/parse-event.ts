import type { WebhookEvent } from '@prospectkit/core';
import { WebhookVerificationError } from './webhook-verification-error.js';

/*
 * Strict UTF-8, and a leading BOM is kept (so JSON.parse refuses it): the service never sends one (RFC 8259
 * section 8.1), and what was signed is parsed exactly as it was received.
 */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Parses a verified body into its envelope and checks the envelope `id` against `Service-Event-ID`.
 *
 * @throws {WebhookVerificationError} `invalid_body` when the body is not a UTF-8 JSON object with string `id` and
 *   `event`; `event_id_mismatch` when `id` differs from `eventIdHeader`
 */
export function parseEvent(body: string | Uint8Array, eventIdHeader: string): WebhookEvent {
  let envelope: unknown;
  try {
    envelope = JSON.parse(typeof body === 'string' ? body : decoder.decode(body));
  } catch {
    envelope = undefined;
  }
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    Array.isArray(envelope) ||
    typeof (envelope as { id?: unknown }).id !== 'string' ||
    typeof (envelope as { event?: unknown }).event !== 'string'
  ) {
    throw new WebhookVerificationError(
      'invalid_body',
      'The signed body is not a UTF-8 JSON event envelope with string "id" and "event". The signature matched, so the sender sent it this way: report it to the sender.',
    );
  }
  const event = envelope as WebhookEvent;
  // The id header is not signed (openapi.yaml ServiceEventId), so only the signed envelope id may be trusted.
  if (event.id !== eventIdHeader) {
    throw new WebhookVerificationError(
      'event_id_mismatch',
      'The Service-Event-ID header differs from the id in the signed body. Pass the headers of this request unchanged; deduplicate on the body id.',
    );
  }
  return event;
}
