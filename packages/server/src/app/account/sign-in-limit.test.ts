import type { Request } from 'express';
import rateLimiterFlexible, { type RateLimiterAbstract } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMIT } from '../../rate-limit/create-limiter.js';
import { takeSignInAttempt } from './sign-in-limit.js';

const { RateLimiterMemory } = rateLimiterFlexible;
const from = (ip: string) => ({ ip }) as Request;

describe('takeSignInAttempt', () => {
  it('allows 10 attempts per address in 15 minutes, then says how long to wait', async () => {
    const limiter = new RateLimiterMemory({ ...SIGN_IN_LIMIT });
    for (let i = 0; i < 10; i++) {
      expect(await takeSignInAttempt(limiter, from('203.0.113.5'))).toEqual({
        outcome: 'allowed',
        key: '203.0.113.5',
      });
    }
    const limited = await takeSignInAttempt(limiter, from('203.0.113.5'));
    expect(limited).toMatchObject({ outcome: 'limited' });
    expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect((await takeSignInAttempt(limiter, from('203.0.113.6'))).outcome).toBe('allowed');
  });

  it('keys IPv6 addresses by their /64 and IPv4-mapped ones by the IPv4 address', async () => {
    const limiter = new RateLimiterMemory({ ...SIGN_IN_LIMIT });
    expect(await takeSignInAttempt(limiter, from('2001:db8:1:2:aaaa::1'))).toEqual({
      outcome: 'allowed',
      key: '2001:db8:1:2::/64',
    });
    expect(await takeSignInAttempt(limiter, from('::ffff:198.51.100.1'))).toEqual({
      outcome: 'allowed',
      key: '198.51.100.1',
    });
  });

  it('fails closed when the store cannot be reached: the password is not checked uncounted', async () => {
    const broken = {
      consume: () => Promise.reject(new Error('ECONNREFUSED')),
    } as unknown as RateLimiterAbstract;
    expect(await takeSignInAttempt(broken, from('203.0.113.5'))).toEqual({ outcome: 'unavailable' });
  });
});
