/**
 * Waits before attempts 2, 3, 4 and 5, in ms: 1 minute, 5 minutes, 30 minutes, 2 hours. Five attempts in all.
 * @see service spec section 6, rule 2
 */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Whether an attempt's outcome is retried: a timeout or network error (`status` undefined), 408, 429 or 5xx. */
export function isRetryable(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 429 || status >= 500;
}

/** When attempt `number + 1` is due after attempt `number` failed at `at`, or `null` when none is left. */
export function nextAttemptAt(number: number, at: Date): Date | null {
  const delay = RETRY_DELAYS_MS[number - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}
