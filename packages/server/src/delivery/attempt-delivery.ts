import type { ClaimedDelivery } from '../store/delivery-queue.js';
import { activeSigningSecret } from '../store/webhooks.js';
import { type CheckedWebhookAddress, guardWebhookAddress } from './guard-webhook-address.js';
import type { HostResolver } from './host-resolver.js';
import type { PinnedDispatcher } from './pinned-dispatcher.js';
import { type AttemptResult, isTimeout, sendAttempt, type WebhookRequest } from './send-attempt.js';
import { WebhookAddressError } from './webhook-address.js';

/** What one attempt needs besides the delivery. */
export interface AttemptContext {
  /** Sends instead of the default direct dispatch (see `DeliveryWorkerOptions.request`). */
  request: WebhookRequest | undefined;
  pool: PinnedDispatcher;
  resolver: HostResolver;
  allowInsecure: boolean;
  /** Total time for the attempt, name resolution included, in ms. */
  timeoutMs: number;
  userAgent: string;
}

/**
 * One attempt: the address rule and the SSRF guard again (the address or its DNS may have changed since
 * registration), the connection pinned to the checked addresses, then the signed POST, all within one
 * `timeoutMs` budget. Never throws.
 *
 * @param at the attempt's time (the injectable clock), which signs it
 * @see openapi.yaml `info.description` (Webhooks); packages/server/README.md (Webhook delivery: Delivering, Address safety)
 */
export async function attemptDelivery(
  delivery: ClaimedDelivery,
  at: Date,
  context: AttemptContext,
): Promise<AttemptResult> {
  const startedAt = performance.now();
  // A timer cleared when the attempt ends, rather than AbortSignal.timeout's, which stays armed for the full
  // 10 seconds after every attempt: thousands of live timers at thousands of attempts a second.
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException(`timeout after ${context.timeoutMs} ms`, 'TimeoutError')),
    context.timeoutMs,
  );
  try {
    return await attemptWithin(delivery, at, context, deadline.signal, startedAt);
  } finally {
    clearTimeout(timer);
  }
}

async function attemptWithin(
  delivery: ClaimedDelivery,
  at: Date,
  context: AttemptContext,
  signal: AbortSignal,
  startedAt: number,
): Promise<AttemptResult> {
  const elapsed = () => Math.round(performance.now() - startedAt);
  let checked: CheckedWebhookAddress;
  try {
    checked = await guardWebhookAddress(delivery.url, {
      resolver: context.resolver,
      allowInsecure: context.allowInsecure,
      signal,
    });
  } catch (error) {
    const timedOut = isTimeout(error);
    const retryable = timedOut || !(error instanceof WebhookAddressError) || error.code === 'unresolvable';
    return {
      statusCode: undefined,
      durationMs: elapsed(),
      error: timedOut
        ? `timeout after ${context.timeoutMs} ms`
        : retryable
          ? `network error: ${(error as Error).message}`
          : `refused: ${(error as Error).message}`,
      responseExcerpt: null,
      refused: !retryable,
    };
  }
  context.pool.pin(checked);
  return sendAttempt({
    url: checked.url,
    // A rolled secret signs from its chosen time on, so receivers can add it to their list first.
    secret: activeSigningSecret(delivery, at),
    eventId: delivery.event_id,
    eventType: delivery.type,
    body: delivery.body,
    timestampSeconds: Math.floor(at.getTime() / 1000),
    userAgent: context.userAgent,
    request: context.request,
    dispatcher: context.pool.dispatcher,
    signal,
    startedAt,
    timeoutMs: context.timeoutMs,
  });
}
