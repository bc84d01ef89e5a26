import type { WebhookEvent } from '@prospectkit/core';
import type { CryptoProvider } from './crypto-provider.js';
import { signWebhook } from './sign-webhook.js';

/** Options of {@link buildSignedWebhook}. */
export interface BuildSignedWebhookOptions {
  /** The signing secret, `whk_...`. */
  secret: string;
  /** The envelope to send, e.g. from {@link buildWebhookEvent}. */
  event: WebhookEvent;
  /** Unix time of the attempt, in whole seconds. Default: now. */
  timestampSeconds?: number;
  /** HMAC implementation. Default: `node:crypto` on Node, Web Crypto elsewhere. */
  cryptoProvider?: CryptoProvider;
}

/** A request as the service would send it: the JSON body and its headers. */
export interface SignedWebhook {
  /** `JSON.stringify(event)`, the exact bytes that were signed (as UTF-8). */
  body: string;
  /** `Content-Type`, `Service-Event-ID`, `Service-Event`, `Service-Timestamp` and `Service-Signature`. */
  headers: Record<string, string>;
}

/**
 * Serializes and signs an event with all the delivery headers, so a test can `POST` it to your receiver.
 *
 * @param options - `{ secret, event, timestampSeconds = now, cryptoProvider? }`
 * @returns `{ body, headers }`, ready for `fetch(url, { method: 'POST', ...signed })`
 * @throws {WebhookVerificationError} `invalid_secret` when `secret` does not start with `whk_`
 * @example
 * const signed = await buildSignedWebhook({ secret: 'whk_test', event: buildWebhookEvent('prospect.created') });
 * const response = await app.request('/webhooks', { method: 'POST', ...signed });
 * @see service-spec.md section 6, delivery headers
 */
export async function buildSignedWebhook(options: BuildSignedWebhookOptions): Promise<SignedWebhook> {
  const body = JSON.stringify(options.event);
  const signature = await signWebhook({
    secret: options.secret,
    body,
    timestampSeconds: options.timestampSeconds,
    cryptoProvider: options.cryptoProvider,
  });
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'Service-Event-ID': options.event.id,
      'Service-Event': options.event.event,
      ...signature,
    },
  };
}
