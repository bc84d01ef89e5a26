import { createHmac } from 'node:crypto';
import type { SignatureHeaders } from '@prospectkit/webhooks';

/**
 * Signs one attempt the way `@prospectkit/webhooks`' `signWebhook` does (`v1=` + lowercase hex HMAC-SHA256 of
 * `timestamp.body`, keyed with the whole secret's UTF-8 bytes), with node:crypto: synchronous and without Web
 * Crypto's key import on every call, which matters at thousands of attempts a second. A test holds the two equal.
 *
 * @param timestampSeconds the attempt's own Unix time in seconds
 * @see openapi.yaml `components.parameters.ServiceSignature`
 */
export function signAttempt(secret: string, body: string, timestampSeconds: number): SignatureHeaders {
  const timestamp = String(timestampSeconds);
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return { 'Service-Timestamp': timestamp, 'Service-Signature': `v1=${mac}` };
}
