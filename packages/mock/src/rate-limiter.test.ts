import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.js';

describe('createRateLimiter', () => {
  it('opens a window at the first request and counts within it', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    expect(limiter.consume(10_000)).toEqual({ limit: 2, remaining: 1, limited: false, msBeforeReset: 1000 });
    expect(limiter.consume(10_400)).toEqual({ limit: 2, remaining: 0, limited: false, msBeforeReset: 600 });
    expect(limiter.consume(10_999)).toEqual({ limit: 2, remaining: 0, limited: true, msBeforeReset: 1 });
    expect(limiter.consume(11_000)).toEqual({ limit: 2, remaining: 1, limited: false, msBeforeReset: 1000 });
  });

  it('defaults to a one-minute window', () => {
    expect(createRateLimiter({ limit: 60 }).consume(0).msBeforeReset).toBe(60_000);
  });

  it('reports a full window before any request, and starts over after reset()', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 5000 });
    expect(limiter.msBeforeReset(0)).toBe(5000);
    limiter.consume(0);
    expect(limiter.msBeforeReset(1000)).toBe(4000);
    expect(limiter.consume(1000).limited).toBe(true);
    limiter.reset();
    expect(limiter.consume(1000).limited).toBe(false);
  });
});
