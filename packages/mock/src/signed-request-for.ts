import type { WebhookEvent } from '@prospectkit/core';
import { signWebhook } from '@prospectkit/webhooks';

/** Options of {@link signedRequestFor}. */
export interface SignedRequestOptions {
  /** Where the request is addressed (your receiver's route). Default: `https://receiver.example/webhooks`. */
  url?: string;
  /** `Service-Timestamp`, Unix time in whole seconds. Default: now. */
  timestampSeconds?: number;
}

/**
 * The delivery the service would make for an event: a signed `POST` with `Service-Event-ID`, `Service-Event`,
 * `Service-Timestamp` and `Service-Signature`, the envelope as the raw JSON body. Feed recorded `mock.events`
 * (or `buildEventEnvelope(...)`) to your own webhook receiver.
 *
 * @param event an event envelope, e.g. `mock.events[0]`
 * @param secret the webhook's signing secret, `whk_...`
 * @param options `{ url = 'https://receiver.example/webhooks', timestampSeconds = now }`
 * @returns a fetch `Request`; for Express, pass `Object.fromEntries(request.headers)` and `await request.text()`
 * @example
 * const response = await myReceiver(await signedRequestFor(mock.events[0], 'whk_test'));
 * @see openapi.yaml `webhooks` (the `Service-Signature` header)
 */
export async function signedRequestFor(
  event: WebhookEvent,
  secret: string,
  options: SignedRequestOptions = {},
): Promise<Request> {
  const body = JSON.stringify(event);
  const signature = await signWebhook({
    secret,
    body,
    ...(options.timestampSeconds !== undefined ? { timestampSeconds: options.timestampSeconds } : {}),
  });
  return new Request(options.url ?? 'https://receiver.example/webhooks', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Service-Event-ID': event.id,
      'Service-Event': event.event,
      ...signature,
    },
    body,
  });
}
