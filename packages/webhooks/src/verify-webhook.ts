import type { WebhookEvent } from './events.js';
import { hmacSha256, signedMessage, toBytes } from './hmac.js';
import { WebhookVerificationError } from './webhook-verification-error.js';

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** The raw body exactly as received (`express.raw()`, `await request.arrayBuffer()`), never a parsed object. */
  body: string | Uint8Array | ArrayBuffer;
  /** The request headers: a fetch `Headers` or a plain record; names are matched case-insensitively. */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The webhook's signing secret (`whk_...`), or several during a rotation (any may match). */
  secret: string | readonly string[];
  /** Largest allowed distance between `Service-Timestamp` and now, in seconds, either way. Default 300; must be positive. */
  toleranceSeconds?: number;
  /** The current Unix time in seconds. Default: the system clock. */
  nowSeconds?: number;
}

function header(headers: VerifyWebhookOptions['headers'], name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}

function requireHeader(headers: VerifyWebhookOptions['headers'], name: string): string {
  const value = header(headers, name);
  if (value === undefined || value === '') {
    throw new WebhookVerificationError(
      'missing_header',
      `The ${name} header is missing. Pass every request header to verifyWebhook, unchanged.`,
    );
  }
  return value;
}

function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Constant-time equality of two byte arrays of the same length. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

/**
 * Verifies a signed webhook request and returns its typed event.
 *
 * @returns the parsed, typed event envelope
 * @throws {WebhookVerificationError} with a stable `code` when any check fails
 * @example
 * const event = await verifyWebhook({ body: await request.text(), headers: request.headers, secret });
 * @see openapi.yaml `components.parameters.ServiceSignature`
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const { body, headers } = options;
  const toleranceSeconds = options.toleranceSeconds ?? 300;
  if (!(toleranceSeconds > 0)) {
    throw new RangeError('toleranceSeconds must be a positive number of seconds; 0 never means "skip".');
  }
  if (typeof body !== 'string' && !(body instanceof Uint8Array) && !(body instanceof ArrayBuffer)) {
    throw new WebhookVerificationError(
      'invalid_body',
      'The body must be the raw request body (string, Uint8Array or ArrayBuffer), not a parsed object: use express.raw({ type: "application/json" }) or await request.arrayBuffer().',
    );
  }
  const secrets = typeof options.secret === 'string' ? [options.secret] : [...options.secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || !s.startsWith('whk_'))) {
    throw new WebhookVerificationError(
      'invalid_secret',
      'Each secret must be the webhook signing secret, starting with whk_.',
    );
  }
  const eventId = requireHeader(headers, 'Service-Event-ID');
  const timestamp = requireHeader(headers, 'Service-Timestamp');
  const signature = requireHeader(headers, 'Service-Signature');
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw new WebhookVerificationError(
      'malformed_timestamp',
      'The Service-Timestamp header must be Unix time in whole seconds.',
    );
  }
  const nowSeconds = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_outside_tolerance',
      `The Service-Timestamp is more than ${toleranceSeconds} seconds from now. Check the receiver's clock; replayed requests are refused.`,
    );
  }
  const candidates = signature.split(/[\s,]+/).filter((entry) => entry !== '');
  if (candidates.length === 0 || candidates.some((entry) => !/^v1=[0-9a-f]{64}$/.test(entry))) {
    throw new WebhookVerificationError(
      'malformed_header',
      'The Service-Signature header must be v1= followed by 64 lowercase hexadecimal characters.',
    );
  }
  const bytes = toBytes(body);
  const message = signedMessage(timestamp, bytes);
  let matched = false;
  for (const secret of secrets) {
    const expected = await hmacSha256(secret, message);
    for (const candidate of candidates)
      matched = equalBytes(expected, fromHex(candidate.slice(3))) || matched;
  }
  if (!matched) {
    throw new WebhookVerificationError(
      'no_matching_signature',
      'No signature matches. Use the raw, unmodified body and the signing secret of this webhook.',
    );
  }
  let event: WebhookEvent;
  try {
    event = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The signed body is not valid UTF-8 JSON.');
  }
  if (typeof event !== 'object' || event === null || event.id !== eventId) {
    throw new WebhookVerificationError(
      'event_id_mismatch',
      'The Service-Event-ID header does not match the signed envelope id.',
    );
  }
  return event;
}
