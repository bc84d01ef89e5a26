import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** What one request's consume came to. */
export interface ConsumeOutcome {
  /** Whether the request is within the limit. */
  allowed: boolean;
  /** Points left in the window after this request (0 when not allowed). */
  remainingPoints: number;
  /** ms until the window resets. */
  msBeforeNext: number;
}

interface Waiter {
  resolve(outcome: ConsumeOutcome): void;
  reject(error: unknown): void;
}

const isLimiterResult = (value: unknown): value is RateLimiterRes =>
  typeof value === 'object' && value !== null && 'msBeforeNext' in value && 'consumedPoints' in value;

/**
 * Consumes one point per call like `limiter.consume(key)`, but while a consume for a key is in flight, later
 * calls for that key wait and are consumed together as one `consume(key, n)`: one store round trip (one row
 * upsert on PostgreSQL) for a burst instead of one per request. Still exact: every request is counted in the
 * shared store before it is answered, and the n requests of a batch take the n consecutive counts the store
 * returns, in arrival order, so the same requests pass and fail as if each had been consumed alone.
 *
 * @param limiter a rate-limiter-flexible limiter (its `points` is the limit)
 * @returns `consume(key)`, which rejects only when the store itself fails
 */
export function coalescedConsume(limiter: RateLimiterAbstract): (key: string) => Promise<ConsumeOutcome> {
  const limit = limiter.points;
  const inFlight = new Set<string>();
  const queued = new Map<string, Waiter[]>();

  const settle = (batch: readonly Waiter[], result: RateLimiterRes) => {
    const first = result.consumedPoints - batch.length;
    batch.forEach((waiter, i) => {
      const consumed = first + i + 1;
      waiter.resolve({
        allowed: consumed <= limit,
        remainingPoints: Math.max(limit - consumed, 0),
        msBeforeNext: Math.max(0, result.msBeforeNext),
      });
    });
  };

  const run = (key: string, batch: Waiter[]) => {
    inFlight.add(key);
    limiter
      .consume(key, batch.length)
      .then(
        (result) => settle(batch, result),
        (error: unknown) => {
          // Over the limit, rate-limiter-flexible rejects with the same result; some of the batch may still fit.
          if (isLimiterResult(error)) settle(batch, error);
          else for (const waiter of batch) waiter.reject(error);
        },
      )
      .finally(() => {
        inFlight.delete(key);
        const next = queued.get(key);
        if (next) {
          queued.delete(key);
          run(key, next);
        }
      });
  };

  return (key) =>
    new Promise<ConsumeOutcome>((resolve, reject) => {
      const waiter = { resolve, reject };
      if (!inFlight.has(key)) {
        run(key, [waiter]);
        return;
      }
      const waiting = queued.get(key);
      if (waiting) waiting.push(waiter);
      else queued.set(key, [waiter]);
    });
}
