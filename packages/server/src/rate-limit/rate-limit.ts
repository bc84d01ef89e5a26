import type { Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import rateLimiterFlexible, { type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientKey } from './client-key.js';
import { type ConsumeOutcome, coalescedConsume } from './coalesced-consume.js';

/** Options of {@link apiRateLimit}. */
export interface RateLimitOptions {
  /** A rate-limiter-flexible limiter: `RateLimiterPostgres` shared by every instance, or `RateLimiterMemory`. */
  limiter: RateLimiterAbstract;
  /** Where a failing counter store is reported (the request is let through). */
  logger: Logger;
}

/**
 * The rate limit, the `rateLimit` step of the contract's order of checks, on rate-limiter-flexible: every response carries
 * `X-RateLimit-Limit` and `X-RateLimit-Remaining`; past the limit, 429 `{"message":"Too Many Attempts."}` with
 * `Retry-After` (whole seconds) and `X-RateLimit-Reset` (Unix seconds). When the store fails the request is let
 * through and the failure logged: an outage of the counter must not take the API down. Concurrent requests of
 * one client share a store round trip (see {@link coalescedConsume}); each is still counted before it is answered.
 *
 * @returns the check: `true` when the request is over the limit (the caller answers 429), `false` to go on
 * @see openapi.yaml `components.responses.TooManyRequests`, `info.description` (Rate limit)
 */
export function apiRateLimit({ limiter, logger }: RateLimitOptions) {
  const limit = String(limiter.points);
  // A store of its own process needs no lease: its calls cost no round trip.
  const consume = coalescedConsume(limiter, {
    lease: !(limiter instanceof rateLimiterFlexible.RateLimiterMemory),
  });
  // Parsing and normalising an address costs more than the rest of this check; clients repeat themselves.
  const keys = new LRUCache<string, string>({ max: 10_000 });
  const keyOf = (ip: string | undefined) => {
    if (ip === undefined) return clientKey(ip);
    let key = keys.get(ip);
    if (key === undefined) {
      key = clientKey(ip);
      keys.set(ip, key);
    }
    return key;
  };
  return async (ip: string | undefined, res: Response): Promise<boolean> => {
    res.setHeader('X-RateLimit-Limit', limit);
    let outcome: ConsumeOutcome;
    try {
      outcome = await consume(keyOf(ip));
    } catch (error) {
      logger.warn({ err: error }, 'rate limit store failed; request let through');
      return false;
    }
    if (outcome.allowed) {
      res.setHeader('X-RateLimit-Remaining', String(outcome.remainingPoints));
      return false;
    }
    const waitMs = outcome.msBeforeNext;
    res.setHeader('X-RateLimit-Remaining', '0');
    res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
    res.setHeader('X-RateLimit-Reset', String(Math.ceil((Date.now() + waitMs) / 1000)));
    return true;
  };
}
