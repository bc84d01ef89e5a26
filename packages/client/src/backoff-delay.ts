/** The first retry waits about this long; each further retry doubles it. */
const INITIAL_DELAY_MS = 500;
/** No backoff wait is longer than this, before `maxRetryDelayMs` caps it further. */
const MAX_BACKOFF_MS = 8_000;

/**
 * The exponential backoff, with jitter, before a retry that the response did not time with `Retry-After`.
 *
 * @param retry - Which retry this is, from `0` (the first).
 * @param random - A source of numbers in `[0, 1)`, e.g. `Math.random`; injectable so tests are exact.
 * @returns Milliseconds: 500 ms doubled per retry up to 8,000 ms, minus up to 25% random jitter so that many
 *   clients failing together do not retry together.
 * @example
 * backoffDelay(0, () => 0); // 500
 * backoffDelay(3, () => 0.5); // 3_500
 */
export function backoffDelay(retry: number, random: () => number): number {
  const base = Math.min(INITIAL_DELAY_MS * 2 ** retry, MAX_BACKOFF_MS);
  return base * (1 - 0.25 * random());
}
