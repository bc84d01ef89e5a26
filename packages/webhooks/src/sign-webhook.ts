import type { CryptoProvider } from './crypto-provider.js';
import { defaultCryptoProvider } from './default-crypto-provider.js';
import { normalizeSecrets } from './normalize-secrets.js';
import { type RawBody, toRawBody } from './to-raw-body.js';

/** Options of {@link signWebhook}. */
export interface SignWebhookOptions {
  /** The webhook's signing secret, `whk_...`; the whole string, prefix included, is the HMAC key. */
  secret: string;
  /** The exact body that will be sent: a string (signed as UTF-8) or bytes (signed as they are). */
  body: RawBody;
  /** Unix time of the attempt, in whole seconds. Default: now. */
  timestampSeconds?: number;
  /** HMAC implementation. Default: {@link defaultCryptoProvider} (`node:crypto` on Node). */
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
 * @see service-spec.md section 5, "Webhook signature"; openapi.yaml `components.parameters.ServiceSignature`
 */
export async function signWebhook(options: SignWebhookOptions): Promise<SignatureHeaders> {
  const [secret] = normalizeSecrets(options.secret) as [string];
  const timestampSeconds = options.timestampSeconds ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(
      '[@prospectkit/webhooks] timestampSeconds must be a non-negative whole number of seconds.',
    );
  }
  const timestamp = String(timestampSeconds);
  const crypto = options.cryptoProvider ?? defaultCryptoProvider();
  const mac = await crypto.hmacSha256(secret, [`${timestamp}.`, toRawBody(options.body)]);
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return { 'Service-Timestamp': timestamp, 'Service-Signature': `v1=${hex}` };
}
