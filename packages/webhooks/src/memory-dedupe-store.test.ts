import { describe, expect, it } from 'vitest';
import { MemoryDedupeStore } from './memory-dedupe-store.js';

describe('MemoryDedupeStore', () => {
  it('is bounded: past maxEntries the least recently claimed id is forgotten first', async () => {
    const store = new MemoryDedupeStore({ maxEntries: 3 });
    for (const id of ['a', 'b', 'c', 'd']) expect(await store.claim(id, 60_000)).toBe(true);
    expect(await store.claim('b', 60_000)).toBe(false);
    expect(await store.claim('a', 60_000)).toBe(true);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses maxEntries %s', (maxEntries) => {
    expect(() => new MemoryDedupeStore({ maxEntries })).toThrow(RangeError);
  });
});
