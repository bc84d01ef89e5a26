import rateLimiterFlexible from 'rate-limiter-flexible';
import { describe, expect, it, vi } from 'vitest';
import { coalescedConsume } from './coalesced-consume.js';

const { RateLimiterMemory } = rateLimiterFlexible;

describe('coalescedConsume', () => {
  it('counts a concurrent burst exactly, in arrival order, with fewer store calls', async () => {
    const limiter = new RateLimiterMemory({ points: 3, duration: 60 });
    const spy = vi.spyOn(limiter, 'consume');
    const consume = coalescedConsume(limiter);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => consume('1.2.3.4')));
    expect(outcomes.map((o) => [o.allowed, o.remainingPoints])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(outcomes.every((o) => o.msBeforeNext > 0 && o.msBeforeNext <= 60_000)).toBe(true);
    // The first call goes alone; the five that arrived while it was in flight go as one.
    expect(spy.mock.calls.map(([key, points]) => [key, points])).toEqual([
      ['1.2.3.4', 1],
      ['1.2.3.4', 5],
    ]);
    expect((await limiter.get('1.2.3.4'))?.consumedPoints).toBe(6);
  });

  it('keeps keys apart', async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 60 });
    const consume = coalescedConsume(limiter);
    const [a, b, c] = await Promise.all([consume('a'), consume('b'), consume('a')]);
    expect([a?.allowed, b?.allowed, c?.allowed]).toEqual([true, true, false]);
  });

  it('counts calls made after a batch settled against the same window', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 60 });
    const consume = coalescedConsume(limiter);
    expect((await consume('k')).remainingPoints).toBe(1);
    expect((await consume('k')).remainingPoints).toBe(0);
    expect((await consume('k')).allowed).toBe(false);
  });

  it('rejects every waiter of a batch when the store fails, and recovers', async () => {
    const limiter = new RateLimiterMemory({ points: 5, duration: 60 });
    const failure = new Error('store down');
    const spy = vi.spyOn(limiter, 'consume').mockRejectedValueOnce(failure).mockRejectedValueOnce(failure);
    const consume = coalescedConsume(limiter);
    const settled = await Promise.allSettled([consume('k'), consume('k'), consume('k')]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    spy.mockRestore();
    expect((await consume('k')).allowed).toBe(true);
  });
});
