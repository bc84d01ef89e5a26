import type { Clock } from '@prospectkit/core';
import type { CryptoProvider } from './crypto-provider.js';
import { defaultCryptoProvider } from './default-crypto-provider.js';
import { getHeader, type WebhookHeaders } from './get-header.js';
import { normalizeSecrets } from './normalize-secrets.js';
import { parseSignatureHeader } from './parse-signature-header.js';
import { parseTimestamp } from './parse-timestamp.js';
import { signedMessage } from './signed-message.js';
import { type RawBody, toRawBody } from './to-raw-body.js';
import { WebhookVerificationError } from './webhook-verification-error.js';

/** Default of `toleranceSeconds`: five minutes, as openapi.yaml `components.parameters.ServiceTimestamp` says. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Options of {@link verifyWebhookSignature}. */
export interface VerifyWebhookSignatureOptions {
  /**
   * The raw body exactly as received: `req.body` under `express.raw()`, `await request.arrayBuffer()`, or the
   * text of the request. Bytes are hashed as they are, never decoded and re-encoded. A parsed object is refused.
   */
  body: RawBody;
  /** The request headers: a fetch `Headers` or a plain record (`req.headers`); names are case-insensitive. */
  headers: WebhookHeaders;
  /**
   * The webhook's signing secret (`whk_...`), or several while you rotate it: a request signed with any of them
   * passes.
   */
  secret: string | readonly string[];
  /**
   * Largest allowed distance between `Service-Timestamp` and now, in seconds, in either direction. Default 300.
   * Must be a positive finite number: there is no value that skips the check.
   */
  toleranceSeconds?: number;
  /**
   * Where the current time is read, once per call, for the timestamp window: `{ now(): Date }`, as the server and
   * the mock take it. Default: the system clock. Inject one in tests to move time.
   */
  clock?: Clock;
  /**
   * The current Unix time in seconds, read when `clock` is not given.
   *
   * @deprecated use `clock`: `{ clock: { now: () => new Date(nowSeconds * 1000) } }`.
   */
  nowSeconds?: number;
  /** HMAC and constant-time compare. Default: {@link defaultCryptoProvider} (`node:crypto` on Node). */
  cryptoProvider?: CryptoProvider;
}

/** Reads a required header; `name` is as written in the spec, `lowerCaseName` is what is looked up. */
function requireHeader(headers: WebhookHeaders, name: string, lowerCaseName: string): string {
  const value = getHeader(headers, lowerCaseName);
  if (value === undefined || value === '') {
    throw new WebhookVerificationError(
      'missing_header',
      `The ${name} header is missing or empty. Pass every request header, unchanged, and check that no proxy strips it.`,
    );
  }
  return value;
}

/** Throws a `RangeError` unless `toleranceSeconds` is a positive finite number of seconds. */
export function checkToleranceSeconds(toleranceSeconds: number): void {
  if (typeof toleranceSeconds !== 'number' || !(toleranceSeconds > 0) || !Number.isFinite(toleranceSeconds)) {
    throw new RangeError(
      '[@prospectkit/webhooks] toleranceSeconds must be a positive, finite number of seconds (default 300); no value turns the timestamp check off.',
    );
  }
}

/** The time of the timestamp check, in whole Unix seconds: `clock`, else the deprecated `nowSeconds`, else now. */
function currentSeconds(options: VerifyWebhookSignatureOptions): number {
  if (options.clock) {
    const at = options.clock.now();
    // Anything but a Date becomes NaN, which parseTimestamp refuses.
    return typeof at?.getTime === 'function' ? Math.floor(at.getTime() / 1000) : Number.NaN;
  }
  return options.nowSeconds ?? Math.floor(Date.now() / 1000);
}

/**
 * Checks the signature and the timestamp of a webhook request, without parsing the body. Use
 * {@link verifyWebhook} unless you forward the raw body elsewhere: it also parses the event and checks its id.
 *
 * Rules: `Service-Timestamp` is 1-12 digits within `toleranceSeconds` of now, either way; `Service-Signature`
 * holds one or more `v1=` + 64 lowercase hex entries; the request passes when any entry equals, in constant time
 * over the 32 bytes, the HMAC-SHA256 of `<timestamp>.<body>` under any secret.
 *
 * @param options - see {@link VerifyWebhookSignatureOptions}
 * @returns the verified `Service-Timestamp`, in Unix seconds
 * @throws {WebhookVerificationError} `invalid_body`, `invalid_secret`, `missing_header`, `malformed_timestamp`,
 *   `timestamp_outside_tolerance`, `malformed_header` or `no_matching_signature`
 * @throws {RangeError} when `toleranceSeconds` is not a positive finite number
 * @throws {TypeError} when `clock.now()` is not a valid `Date` (or `nowSeconds` not a finite number)
 * @example
 * await verifyWebhookSignature({ body: rawBytes, headers: req.headers, secret: process.env.WEBHOOK_SECRET! });
 * await queue.send(rawBytes); // verified bytes, parsed later
 * @see openapi.yaml `components.parameters.ServiceSignature` and `ServiceTimestamp`
 */
export function verifyWebhookSignature(options: VerifyWebhookSignatureOptions): Promise<number> {
  // Not async itself: returning the inner promise saves a promise and a turn of the event loop per call.
  return checkWebhookSignature(options);
}

/** Filled in by {@link checkWebhookSignature} for `verifyWebhook`, which goes on to parse the body. */
export interface CheckedRequest {
  body: string | Uint8Array;
  /** `Service-Event-ID`. */
  eventId: string;
}

/**
 * The checks of {@link verifyWebhookSignature}. Given `checked`, `Service-Event-ID` is also required (before any
 * HMAC is computed, so each missing header is reported by name), and the raw body and the id are stored there.
 * One async function, and no await when the provider answers at once, so that a verification costs little more
 * than its HMAC.
 */
export async function checkWebhookSignature(
  options: VerifyWebhookSignatureOptions,
  checked?: CheckedRequest,
): Promise<number> {
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  checkToleranceSeconds(toleranceSeconds);
  const body = toRawBody(options.body);
  const secrets = normalizeSecrets(options.secret);
  const { headers } = options;
  if (checked) checked.eventId = requireHeader(headers, 'Service-Event-ID', 'service-event-id');
  const timestamp = requireHeader(headers, 'Service-Timestamp', 'service-timestamp');
  const signature = requireHeader(headers, 'Service-Signature', 'service-signature');
  const timestampSeconds = parseTimestamp(timestamp, currentSeconds(options), toleranceSeconds);
  const candidates = parseSignatureHeader(signature);

  const crypto = options.cryptoProvider ?? defaultCryptoProvider();
  const parts = signedMessage(timestamp, body);
  let matched = false;
  for (let s = 0; s < secrets.length; s++) {
    const mac = crypto.hmacSha256(secrets[s] as string, parts);
    const expected = mac instanceof Uint8Array ? mac : await mac;
    // Every pair is compared, without stopping at a match, so the time does not tell which one matched.
    for (let c = 0; c < candidates.length; c++) {
      matched = crypto.timingSafeEqual(expected, candidates[c] as Uint8Array) || matched;
    }
  }
  if (!matched) {
    throw new WebhookVerificationError(
      'no_matching_signature',
      'No Service-Signature entry matches. Verify the raw, unmodified body (express.raw() or request.arrayBuffer(), not re-serialized JSON) with the signing secret of this webhook.',
    );
  }
  if (checked) checked.body = body;
  return timestampSeconds;
}
