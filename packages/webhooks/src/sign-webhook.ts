import { hmacSha256, signedMessage, toBytes, toHex } from './hmac.js';

/** Options of {@link signWebhook}. */
export interface SignWebhookOptions {
  /** The webhook's signing secret, `whk_...`; the whole string including the prefix is the HMAC key. */
  secret: string;
  /** The exact body that will be sent: a string (encoded as UTF-8) or bytes. */
  body: string | Uint8Array | ArrayBuffer;
  /** Unix time in seconds of the attempt. Default: now. */
  timestampSeconds?: number;
}

/** The two signature headers of a delivery. */
export interface SignatureHeaders {
  'Service-Timestamp': string;
  'Service-Signature': string;
}

/**
 * Signs a webhook body the way the service does: `v1=` + lowercase hex HMAC-SHA256 of `timestamp.body`.
 *
 * @returns `{ 'Service-Timestamp', 'Service-Signature' }`
 * @example
 * const headers = await signWebhook({ secret: 'whk_...', body: JSON.stringify(event) });
 * @see openapi.yaml `components.parameters.ServiceSignature`
 */
export async function signWebhook(options: SignWebhookOptions): Promise<SignatureHeaders> {
  const timestamp = String(options.timestampSeconds ?? Math.floor(Date.now() / 1000));
  const mac = await hmacSha256(options.secret, signedMessage(timestamp, toBytes(options.body)));
  return { 'Service-Timestamp': timestamp, 'Service-Signature': `v1=${toHex(mac)}` };
}
