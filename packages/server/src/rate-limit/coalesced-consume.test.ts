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

describe('coalescedConsume with a lease', () => {
  const burst = (
    consume: (key: string) => Promise<{ allowed: boolean; remainingPoints: number }>,
    n: number,
  ) => Promise.all(Array.from({ length: n }, () => consume('k')));

  it('leases spare points to overlapping requests: each still gets its own count, with fewer store calls', async () => {
    const limiter = new RateLimiterMemory({ points: 5000, duration: 60 });
    const spy = vi.spyOn(limiter, 'consume');
    const consume = coalescedConsume(limiter, { lease: true });
    const outcomes = [...(await burst(consume, 10)), ...(await burst(consume, 9))];
    // 19 requests, 19 consecutive counts: the remaining points go down by one each, whoever answered.
    expect(outcomes.map((o) => o.remainingPoints)).toEqual(Array.from({ length: 19 }, (_, i) => 4999 - i));
    expect(outcomes.every((o) => o.allowed)).toBe(true);
    // The first alone, the nine that overlapped it with nine spare points; the next nine took those.
    expect(spy.mock.calls.map(([, points]) => points)).toEqual([1, 18]);
    expect((await limiter.get('k'))?.consumedPoints).toBe(19);
  });

  it('takes no lease near the limit, so the limit is exact there', async () => {
    const limiter = new RateLimiterMemory({ points: 30, duration: 60 });
    const spy = vi.spyOn(limiter, 'consume');
    const consume = coalescedConsume(limiter, { lease: true });
    const outcomes = [...(await burst(consume, 20)), ...(await burst(consume, 20))];
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(30);
    expect(spy.mock.calls.map(([, points]) => points)).toEqual([1, 19, 1, 19]);
    expect((await limiter.get('k'))?.consumedPoints).toBe(40);
  });

  it('never lets more than the limit through, leased or not', async () => {
    const limiter = new RateLimiterMemory({ points: 1100, duration: 60 });
    const consume = coalescedConsume(limiter, { lease: true });
    const outcomes = [];
    for (let wave = 0; wave < 30; wave++) outcomes.push(...(await burst(consume, 50)));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(1100);
    const remaining = outcomes.filter((o) => o.allowed).map((o) => o.remainingPoints);
    expect(new Set(remaining).size).toBe(1100);
  });

  it('gives unused points back to the store once the key is idle', async () => {
    const limiter = new RateLimiterMemory({ points: 5000, duration: 60 });
    const reward = vi.spyOn(limiter, 'reward');
    const consume = coalescedConsume(limiter, { lease: true, idleMs: 20 });
    await burst(consume, 10);
    await burst(consume, 2);
    // 12 requests were counted, and 9 spare points were leased with the second call: 7 are unused.
    await vi.waitFor(() => expect(reward).toHaveBeenCalledWith('k', 7), { timeout: 5000, interval: 10 });
    expect((await limiter.get('k'))?.consumedPoints).toBe(12);
  });

  it('drops a lease whose window is over instead of using it', async () => {
    const limiter = new RateLimiterMemory({ points: 5000, duration: 60 });
    let clock = 1_000_000;
    const spy = vi.spyOn(limiter, 'consume');
    const consume = coalescedConsume(limiter, { lease: true, now: () => clock });
    await burst(consume, 10);
    await burst(consume, 2);
    expect(spy).toHaveBeenCalledTimes(2);
    clock += 61_000;
    await consume('k');
    expect(spy).toHaveBeenCalledTimes(3);
  });
});
