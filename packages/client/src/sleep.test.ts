import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from './sleep.js';

describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves after the given milliseconds', async () => {
    let done = false;
    const wait = sleep(1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(done).toBe(true);
  });

  it('rejects with the reason when the signal aborts during the wait', async () => {
    const controller = new AbortController();
    const wait = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(wait).rejects.toThrow('stop');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(sleep(10, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
