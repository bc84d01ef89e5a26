import { describe, expect, it } from 'vitest';
import { createWriteBehind } from './write-behind.js';

describe('createWriteBehind', () => {
  it('writes items queued during a write as one next batch, and reports failures to their writers', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const writer = createWriteBehind<number>(async (items) => {
      batches.push(items);
      if (items.includes(99)) throw new Error('database down');
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = writer.write(1);
    const queued = [writer.write(2), writer.write(3), writer.write(4)];
    release();
    await Promise.all([first, ...queued]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await expect(writer.write(99)).rejects.toThrow('database down');
    await writer.flushed();
  });
});
