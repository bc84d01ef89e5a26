import { describe, expect, it } from 'vitest';
import { call } from '../call.js';
import { requiredHeaders } from '../contract-headers.js';
import type { TargetRef } from '../define-conformance-suite.js';

/** The rate limit: check 1 of the order, the 429 body and its headers. */
export function rateLimitSuite(target: TargetRef): void {
  describe('rate limit', () => {
    it('counts down X-RateLimit-Remaining, then 429 with Retry-After and X-RateLimit-*, before authentication', async () => {
      const { baseUrl, token } = await target().rateLimited(3);
      for (const remaining of ['2', '1', '0']) {
        const answer = await call(target(), 'GET', '/prospects', { baseUrl, token });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
        expect(answer.headers.get('x-ratelimit-remaining')).toBe(remaining);
      }
      const nowSeconds = Math.floor(Date.now() / 1000);
      for (const answer of [
        await call(target(), 'GET', '/prospects', { baseUrl, token }),
        await call(target(), 'POST', '/prospects', {
          baseUrl,
          rawBody: 'x',
          headers: { 'Content-Type': 'text/plain' },
        }),
      ]) {
        expect(answer.status).toBe(429);
        expect(answer.body).toEqual({ message: 'Too Many Attempts.' });
        expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
        expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
        const retryAfter = Number(answer.headers.get('retry-after'));
        expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
        const reset = Number(answer.headers.get('x-ratelimit-reset'));
        expect(reset).toBeGreaterThanOrEqual(nowSeconds);
        expect(reset).toBeLessThanOrEqual(nowSeconds + 61);
        expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
      }
      expect(requiredHeaders('listProspects', 429).sort()).toEqual(
        [
          'API-Version',
          'Retry-After',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'X-Request-Id',
        ].sort(),
      );
    });
  });
}
