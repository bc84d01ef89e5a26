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

/** Options of {@link coalescedConsume}. */
export interface CoalescedConsumeOptions {
  /**
   * Lease points ahead for a key whose requests overlap (see {@link coalescedConsume}). Default false: every
   * request is counted by a store call of its own or of its batch. Worth it only for a store shared by
   * instances (PostgreSQL, Redis), whose calls cost a round trip.
   */
  lease?: boolean;
  /** A lease's points unused this long (ms) go back to the store. Default {@link LEASE.idleMs}. */
  idleMs?: number;
  /** The time in ms since the epoch. Default `Date.now`. */
  now?: () => number;
}

/**
 * The lease's bounds (docs/deployment.md, "The rate limit across instances"): a key is leased only while more
 * than `floorPoints` of its window remain, at most an eighth of what remains above that floor and at most
 * `maxPoints`; unused points go back after `idleMs` without a request, unless the window ends within
 * `returnMarginMs` (a point given back to an ended window would count against the next).
 */
export const LEASE = { floorPoints: 1000, maxPoints: 256, idleMs: 100, returnMarginMs: 1000 } as const;

interface Waiter {
  resolve(outcome: ConsumeOutcome): void;
  reject(error: unknown): void;
}

/** One key's state: its call in flight, the requests waiting for the next, and its leased counts. */
interface KeyState {
  inFlight: boolean;
  queued: Waiter[];
  /** The leased counts `next`..`last` (the store's numbering in the window), unused so far. */
  next: number;
  last: number;
  /** When the lease's window resets (ms since the epoch). */
  resetAt: number;
  /** When a leased count was last taken. */
  usedAt: number;
  /** The spare points the next store call asks for. */
  size: number;
  /** Points left in the window after the last store call. */
  remaining: number;
}

const isLimiterResult = (value: unknown): value is RateLimiterRes =>
  typeof value === 'object' && value !== null && 'msBeforeNext' in value && 'consumedPoints' in value;

/**
 * Consumes one point per call like `limiter.consume(key)`, but while a consume for a key is in flight, later
 * calls for that key wait and are consumed together as one `consume(key, n)`: one store round trip (one row
 * upsert on PostgreSQL) for a burst instead of one per request. Every request is counted in the shared store
 * before it is answered, and the n requests of a batch take the n consecutive counts the store returns, in
 * arrival order, so the same requests pass and fail as if each had been consumed alone.
 *
 * With `lease`, a key whose requests overlap (some waited for a call in flight) also takes spare points with its
 * next call, doubling up to {@link LEASE}'s bounds while the overlap lasts; the next requests take the leased
 * counts without a store call, each with its own `remainingPoints`. A lease is taken only while more than
 * `LEASE.floorPoints` remain in the window, so a client near its limit is counted exactly, one call per batch;
 * above that floor, one instance's unused lease can refuse another instance's request early only if that
 * instance spends the rest of the window before the lease goes back (after `LEASE.idleMs` idle).
 *
 * @param limiter a rate-limiter-flexible limiter (its `points` is the limit)
 * @returns `consume(key)`, which rejects only when the store itself fails
 * @see docs/deployment.md, "The rate limit across instances"
 */
export function coalescedConsume(
  limiter: RateLimiterAbstract,
  options: CoalescedConsumeOptions = {},
): (key: string) => Promise<ConsumeOutcome> {
  const limit = limiter.points;
  const lease = options.lease === true;
  const idleMs = options.idleMs ?? LEASE.idleMs;
  const now = options.now ?? Date.now;
  const keys = new Map<string, KeyState>();
  let sweeper: NodeJS.Timeout | undefined;

  const stateOf = (key: string): KeyState => {
    let state = keys.get(key);
    if (!state) {
      state = { inFlight: false, queued: [], next: 1, last: 0, resetAt: 0, usedAt: 0, size: 0, remaining: 0 };
      keys.set(key, state);
    }
    return state;
  };
  // A key with nothing in flight, waiting or leased is forgotten (its lease size with it: it grows again from
  // the next overlap), so the map holds only the clients of the moment.
  const forget = (key: string, state: KeyState) => {
    if (!state.inFlight && state.queued.length === 0 && state.next > state.last) keys.delete(key);
  };

  /** A leased count for one request, or `undefined` when the lease is spent or its window is over. */
  const fromLease = (state: KeyState, at: number): ConsumeOutcome | undefined => {
    if (state.next > state.last) return undefined;
    if (at >= state.resetAt) {
      state.next = state.last + 1;
      return undefined;
    }
    const count = state.next++;
    state.usedAt = at;
    return { allowed: true, remainingPoints: Math.max(limit - count, 0), msBeforeNext: state.resetAt - at };
  };

  // Unused leases go back to the store once their key has been idle for `idleMs`.
  const sweep = () => {
    const at = now();
    let leased = false;
    for (const [key, state] of keys) {
      if (state.next > state.last) {
        forget(key, state);
        continue;
      }
      if (at - state.usedAt < idleMs) {
        leased = true;
        continue;
      }
      const unused = state.last - state.next + 1;
      state.next = state.last + 1;
      if (state.resetAt - at > LEASE.returnMarginMs) limiter.reward(key, unused).catch(() => {});
      forget(key, state);
    }
    if (!leased && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };

  const settle = (state: KeyState, batch: readonly Waiter[], spare: number, result: RateLimiterRes) => {
    const at = now();
    const first = result.consumedPoints - batch.length - spare;
    batch.forEach((waiter, i) => {
      const consumed = first + i + 1;
      waiter.resolve({
        allowed: consumed <= limit,
        remainingPoints: Math.max(limit - consumed, 0),
        msBeforeNext: Math.max(0, result.msBeforeNext),
      });
    });
    state.remaining = limit - result.consumedPoints;
    if (!lease) return;
    // Overlapping requests (some arrived during this call) grow the next lease; a call alone lets it shrink.
    state.size =
      state.queued.length > 0
        ? Math.min(LEASE.maxPoints, Math.max(1, state.size * 2, state.queued.length))
        : Math.floor(state.size / 2);
    if (spare > 0) {
      state.next = first + batch.length + 1;
      state.last = Math.min(result.consumedPoints, limit);
      state.resetAt = at + Math.max(0, result.msBeforeNext);
      state.usedAt = at;
      sweeper ??= setInterval(sweep, idleMs).unref();
    }
    // The requests that waited for this call take the lease first.
    while (state.queued.length > 0) {
      const outcome = fromLease(state, at);
      if (!outcome) break;
      (state.queued.shift() as Waiter).resolve(outcome);
    }
  };

  const run = (key: string, state: KeyState, batch: Waiter[]) => {
    state.inFlight = true;
    // Spare points only far from the limit: at most an eighth of what remains above the floor.
    const spare = lease
      ? Math.max(0, Math.min(state.size, Math.floor((state.remaining - LEASE.floorPoints) / 8)))
      : 0;
    limiter
      .consume(key, batch.length + spare)
      .then(
        (result) => settle(state, batch, spare, result),
        (error: unknown) => {
          // Over the limit, rate-limiter-flexible rejects with the same result; some of the batch may still fit.
          if (isLimiterResult(error)) settle(state, batch, spare, error);
          else for (const waiter of batch) waiter.reject(error);
        },
      )
      .finally(() => {
        state.inFlight = false;
        const next = state.queued.splice(0);
        if (next.length > 0) run(key, state, next);
        else forget(key, state);
      });
  };

  return (key) => {
    const state = stateOf(key);
    const leased = lease ? fromLease(state, now()) : undefined;
    if (leased) return Promise.resolve(leased);
    return new Promise<ConsumeOutcome>((resolve, reject) => {
      const waiter = { resolve, reject };
      if (state.inFlight) state.queued.push(waiter);
      else run(key, state, [waiter]);
    });
  };
}
