import { WebhookVerificationError } from './webhook-verification-error.js';

/** The raw body as received: a string, or bytes that are hashed as they are. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/**
 * Checks that `body` is a raw body and returns it as a string or bytes, without copying or re-encoding bytes.
 *
 * @throws {WebhookVerificationError} `invalid_body` when `body` is a parsed object or anything else
 */
export function toRawBody(body: unknown): string | Uint8Array {
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  // The tag check also accepts an ArrayBuffer from another realm (a worker, a vm context).
  if (body instanceof ArrayBuffer || Object.prototype.toString.call(body) === '[object ArrayBuffer]') {
    return new Uint8Array(body as ArrayBuffer);
  }
  throw new WebhookVerificationError(
    'invalid_body',
    `The body must be the raw request body (string, Uint8Array or ArrayBuffer), not ${body === null ? 'null' : typeof body === 'object' ? 'a parsed object' : typeof body}: use express.raw({ type: 'application/json' }) in Express, or await request.arrayBuffer() with fetch-style requests.`,
  );
}
