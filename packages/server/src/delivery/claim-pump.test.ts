import { describe, expect, it } from 'vitest';
import { createClaimPump } from './claim-pump.js';

describe('createClaimPump', () => {
  it('runs one round at a time, and folds wake-ups during a round into one more round', async () => {
    const finish: Array<() => void> = [];
    let rounds = 0;
    const pump = createClaimPump(
      () =>
        new Promise<void>((resolve) => {
          rounds++;
          finish.push(resolve);
        }),
      () => {},
    );
    expect(pump.state).toBe('idle');
    pump.wake();
    expect(pump.state).toBe('pumping');
    pump.wake();
    pump.wake();
    expect(pump.state).toBe('pumping-again');
    finish.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect([rounds, pump.state]).toEqual([2, 'pumping']);
    finish.shift()?.();
    await pump.settled();
    expect([rounds, pump.state]).toEqual([2, 'idle']);
    pump.wake();
    expect(rounds).toBe(3);
    finish.shift()?.();
    await pump.settled();
  });

  it('reports a failed round and is idle again, so the next wake-up starts a round', async () => {
    const errors: unknown[] = [];
    let fail = true;
    let rounds = 0;
    const pump = createClaimPump(
      async () => {
        rounds++;
        if (fail) throw new Error('database down');
      },
      (error) => errors.push(error),
    );
    pump.wake();
    await pump.settled();
    expect(pump.state).toBe('idle');
    expect(errors).toEqual([new Error('database down')]);
    fail = false;
    pump.wake();
    await pump.settled();
    expect([rounds, errors.length]).toEqual([2, 1]);
  });
});
