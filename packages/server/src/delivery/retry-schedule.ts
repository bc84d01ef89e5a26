import type { DeliveryStatus } from '../store/deliveries.js';

/**
 * Waits before attempts 2, 3, 4 and 5, in ms: 1 minute, 5 minutes, 30 minutes, 2 hours. Five attempts in all.
 * @see openapi.yaml `info.description` (Webhooks) and the `webhooks` responses
 */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000];
/** Attempts per delivery, the first included: 5. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Whether a status code is retried: 408, 429 or 5xx. `undefined` (a timeout or network error) is retried too. */
export function isRetryable(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 429 || status >= 500;
}

/** When attempt `number + 1` is due after attempt `number` failed at `at`, or `null` when none is left. */
export function nextAttemptAt(number: number, at: Date): Date | null {
  const delay = RETRY_DELAYS_MS[number - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}

/**
 * What an attempt means for its delivery: any 2xx succeeds; a timeout, a network error, 408, 429 or 5xx is
 * retried on the schedule until the fifth attempt; anything else (3xx included) and a refused address fail.
 *
 * @param attempt `statusCode` (`undefined` when none came back) and `refused` (the address was refused)
 * @param number the attempt's number, from 1
 * @param at when the attempt started
 * @returns the delivery's new status and when the next attempt is due
 * @example
 * attemptOutcome({ statusCode: 503, refused: false }, 1, at); // { status: 'pending', nextAttemptAt: at + 1 min }
 * @see openapi.yaml `info.description` (Webhooks) and the `webhooks` responses
 */
export function attemptOutcome(
  attempt: { statusCode: number | undefined; refused: boolean },
  number: number,
  at: Date,
): {
  /** The delivery's state after this attempt. */
  status: DeliveryStatus;
  /** When the next attempt is due, or `null` when none will be made. */
  nextAttemptAt: Date | null;
} {
  const { statusCode } = attempt;
  if (statusCode !== undefined && statusCode >= 200 && statusCode < 300)
    return { status: 'succeeded', nextAttemptAt: null };
  const next = !attempt.refused && isRetryable(statusCode) ? nextAttemptAt(number, at) : null;
  return next === null
    ? { status: 'failed', nextAttemptAt: null }
    : { status: 'pending', nextAttemptAt: next };
}
