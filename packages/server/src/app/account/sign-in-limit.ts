import { createHash } from 'node:crypto';
import type { Request } from 'express';
import rateLimiterFlexible, { type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientKey } from '../../rate-limit/client-key.js';

const { RateLimiterRes } = rateLimiterFlexible;

/** What {@link takeSignInAttempt} decided. */
export type SignInAttempt =
  | { outcome: 'allowed'; key: string }
  | { outcome: 'limited'; retryAfterSeconds: number }
  | { outcome: 'unavailable' };

/**
 * Takes one attempt under `key` before a password or code is checked: rate-limiter-flexible's `consume` is one
 * atomic step in the store, so guesses sent at once cannot all read a count below the limit before any of them
 * raises it. The point is given back (the count cleared) only by a successful sign-in.
 *
 * @returns `allowed` with the key to clear on success; `limited` with whole seconds to wait; `unavailable`
 *   when the store cannot be reached (sign-in then fails closed: a password is never checked uncounted)
 */
export async function takeAttempt(limiter: RateLimiterAbstract, key: string): Promise<SignInAttempt> {
  try {
    await limiter.consume(key);
    return { outcome: 'allowed', key };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { outcome: 'limited', retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
    return { outcome: 'unavailable' };
  }
}

/** One sign-in attempt of the request's client address (IPv4, or the IPv6 /64); see {@link takeAttempt}. */
export async function takeSignInAttempt(limiter: RateLimiterAbstract, req: Request): Promise<SignInAttempt> {
  return takeAttempt(limiter, clientKey(req.ip));
}

/**
 * One sign-in attempt of an account: the address typed, trimmed and lower case, known or not (so the limit says
 * nothing about which addresses exist); see {@link takeAttempt}. The key is its SHA-256: of a fixed length
 * whatever was typed (the store's key is at most 255 characters), and never the text itself, which may be a
 * password typed into the wrong field.
 */
export async function takeAccountAttempt(
  limiter: RateLimiterAbstract,
  email: string,
): Promise<SignInAttempt> {
  const key = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return takeAttempt(limiter, `account:${key}`);
}
