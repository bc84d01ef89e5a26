import type { Request, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';

/** Options of {@link apiRateLimit}. */
export interface RateLimitOptions {
  /** Requests per window per client address. Default 60. @see service spec section 8 */
  limit?: number;
  /** Window length in ms. Default 60000. */
  windowMs?: number;
  /** Where the counters live (shared across instances on PostgreSQL). Default: in-process memory. */
  store?: Store | undefined;
}

/**
 * The rate limit (check 1 of the contract's order), on express-rate-limit: `X-RateLimit-Limit` and
 * `X-RateLimit-Remaining` on every response; 429 `{"message":"Too Many Attempts."}` with `Retry-After` (whole
 * seconds) and `X-RateLimit-Reset` (Unix seconds) past the limit.
 */
export function apiRateLimit(options: RateLimitOptions = {}) {
  return rateLimit({
    windowMs: options.windowMs ?? 60_000,
    limit: options.limit ?? 60,
    standardHeaders: false,
    legacyHeaders: false,
    ...(options.store ? { store: options.store } : {}),
    handler: (req: Request, res: Response) => {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      const resetMs = info?.resetTime?.getTime() ?? Date.now() + (options.windowMs ?? 60_000);
      res.setHeader('Retry-After', String(Math.max(0, Math.ceil((resetMs - Date.now()) / 1000))));
      res.setHeader('X-RateLimit-Reset', String(Math.ceil(resetMs / 1000)));
      res.status(429).json({ message: 'Too Many Attempts.' });
    },
    // The default key is the client address (`req.ip`, honouring `trust proxy`), IPv6 grouped by /56.
    requestPropertyName: 'rateLimit',
  });
}

/** Writes `X-RateLimit-Limit` and `X-RateLimit-Remaining` from the limiter's result. */
export function rateLimitHeaders(req: Request, res: Response, next: () => void): void {
  const info = (req as Request & { rateLimit?: { limit: number; remaining: number } }).rateLimit;
  if (info) {
    res.setHeader('X-RateLimit-Limit', String(info.limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, info.remaining)));
  }
  next();
}
