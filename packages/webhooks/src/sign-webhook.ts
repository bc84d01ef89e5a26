import type { CryptoProvider } from './crypto-provider.js';
import { defaultCryptoProvider } from './default-crypto-provider.js';
import { normalizeSecrets } from './normalize-secrets.js';
import { formatSignature, signedMessage } from './signed-message.js';
import { type RawBody, toRawBody } from './to-raw-body.js';

/** Options of {@link signWebhook} and {@link signWebhookSync}. */
export interface SignWebhookOptions {
  /** The webhook's signing secret, `whk_...`; the whole string, prefix included, is the HMAC key. */
  secret: string;
  /** The exact body that will be sent: a string (signed as UTF-8) or bytes (signed as they are). */
  body: RawBody;
  /** Unix time of the attempt, in whole seconds. Default: now. */
  timestampSeconds?: number;
  /**
   * HMAC implementation. Default: {@link defaultCryptoProvider} (`node:crypto` on Node). {@link signWebhookSync}
   * needs one that answers at once, such as {@link createNodeCryptoProvider}'s.
   */
  cryptoProvider?: CryptoProvider;
}

/** The two signature headers of a delivery, as the service sends them. */
export interface SignatureHeaders {
  /** Unix time in seconds, e.g. `'1732240000'`. */
  'Service-Timestamp': string;
  /** `v1=` plus 64 lowercase hex characters. */
  'Service-Signature': string;
}

/**
 * Signs a body the way the service does: `v1=` + lowercase hex HMAC-SHA256 of `<timestamp>.<body>`, keyed with
 * the whole secret. Use it to test your receiver with real signatures.
 *
 * @param options - `{ secret, body, timestampSeconds = now, cryptoProvider? }`
 * @returns `{ 'Service-Timestamp', 'Service-Signature' }`; add `Service-Event-ID` (the envelope `id`) and
 *   `Service-Event`, or use {@link buildSignedWebhook} for all four
 * @throws {WebhookVerificationError} `invalid_secret` when `secret` does not start with `whk_`
 * @throws {RangeError} when `timestampSeconds` is not a non-negative integer
 * @example
 * const body = JSON.stringify(buildWebhookEvent('prospect.created'));
 * const headers = await signWebhook({ secret: 'whk_test', body });
 * // headers['Service-Signature'] === 'v1=…'
 * @see {@link signWebhookSync} to sign without awaiting, on Node
 * @see openapi.yaml `components.parameters.ServiceSignature` and `ServiceTimestamp`
 */
export async function signWebhook(options: SignWebhookOptions): Promise<SignatureHeaders> {
  const { secret, timestamp, message } = prepare(options);
  const crypto = options.cryptoProvider ?? defaultCryptoProvider();
  return headers(timestamp, await crypto.hmacSha256(secret, message));
}

/**
 * Signs a body like {@link signWebhook}, but returns at once: for Node, Bun and Deno, where `node:crypto`
 * computes the HMAC synchronously. It suits a test helper that cannot await, and a sender signing thousands of
 * requests a second (the reference server signs every delivery attempt with it).
 *
 * @param options - `{ secret, body, timestampSeconds = now, cryptoProvider? }`; `cryptoProvider` must answer at
 *   once (default: {@link defaultCryptoProvider}, which is `node:crypto` on Node)
 * @returns `{ 'Service-Timestamp', 'Service-Signature' }`, equal to what {@link signWebhook} resolves to
 * @throws {WebhookVerificationError} `invalid_secret` when `secret` does not start with `whk_`
 * @throws {RangeError} when `timestampSeconds` is not a non-negative integer
 * @throws {TypeError} when the provider answers with a promise (Web Crypto, the default on edge runtimes): use
 *   {@link signWebhook} there
 * @example
 * const headers = signWebhookSync({ secret: 'whk_test', body: '{"id":"evt_1"}', timestampSeconds: 1732240000 });
 * // { 'Service-Timestamp': '1732240000', 'Service-Signature': 'v1=…' }
 * @see openapi.yaml `components.parameters.ServiceSignature` and `ServiceTimestamp`
 */
export function signWebhookSync(options: SignWebhookOptions): SignatureHeaders {
  const { secret, timestamp, message } = prepare(options);
  const crypto = options.cryptoProvider ?? defaultCryptoProvider();
  const mac = crypto.hmacSha256(secret, message);
  if (!(mac instanceof Uint8Array)) {
    // The work is already started; keep its outcome from surfacing as an unhandled rejection.
    Promise.resolve(mac).catch(() => {});
    throw new TypeError(
      `[@prospectkit/webhooks] signWebhookSync needs a crypto provider that answers at once, and '${crypto.name}' returns a promise. Use await signWebhook(...) instead, or pass cryptoProvider: createNodeCryptoProvider() on Node, Bun or Deno.`,
    );
  }
  return headers(timestamp, mac);
}

/** Checks the options and builds the message to sign; shared by both signers. */
function prepare(options: SignWebhookOptions) {
  const [secret] = normalizeSecrets(options.secret) as [string];
  const timestampSeconds = options.timestampSeconds ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(
      '[@prospectkit/webhooks] timestampSeconds must be a non-negative whole number of seconds.',
    );
  }
  const timestamp = String(timestampSeconds);
  return { secret, timestamp, message: signedMessage(timestamp, toRawBody(options.body)) };
}

function headers(timestamp: string, mac: Uint8Array): SignatureHeaders {
  return { 'Service-Timestamp': timestamp, 'Service-Signature': formatSignature(mac) };
}
