/** The service's limit, requests per minute: what `X-RateLimit-Limit` says when the mock enforces none. */
export const SERVICE_RATE_LIMIT = 60;

/** Options of the mock's rate limit. */
export interface RateLimitOptions {
  /** Requests allowed per window. The service allows 60. */
  limit: number;
  /** Window length in milliseconds. Default: `60_000`. */
  windowMs?: number;
}

/** The outcome of counting one request. */
export interface RateLimitResult {
  limit: number;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** Whether the request is over the limit (429). */
  limited: boolean;
  /** Milliseconds until the window ends. */
  msBeforeReset: number;
}

/**
 * A fixed window per client, opened by the window's first request, like the reference server's
 * rate-limiter-flexible limiter. The mock has one client: msw sees no client address.
 */
export function createRateLimiter(options: RateLimitOptions) {
  const windowMs = options.windowMs ?? 60_000;
  let windowEndsMs = Number.NEGATIVE_INFINITY;
  let used = 0;
  return {
    limit: options.limit,
    /** Counts one request at `nowMs` (ms since the epoch). */
    consume(nowMs: number): RateLimitResult {
      if (nowMs >= windowEndsMs) {
        windowEndsMs = nowMs + windowMs;
        used = 0;
      }
      used++;
      return {
        limit: options.limit,
        remaining: Math.max(0, options.limit - used),
        limited: used > options.limit,
        msBeforeReset: windowEndsMs - nowMs,
      };
    },
    /** How long until the current window ends, for an injected 429 (a full window when none is open). */
    msBeforeReset(nowMs: number): number {
      return nowMs < windowEndsMs ? windowEndsMs - nowMs : windowMs;
    },
    reset() {
      windowEndsMs = Number.NEGATIVE_INFINITY;
      used = 0;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
