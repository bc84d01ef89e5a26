import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { DedupeStore } from '../src/index.js';

/**
 * Two handles on one store: the same object for the memory store, two clients on one server for Redis and
 * PostgreSQL, so that "concurrent" means across instances where the store is shared.
 */
export type DedupeStores = readonly [DedupeStore, DedupeStore];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newId = () => `evt_test_${randomUUID()}`;

/** The behaviour every {@link DedupeStore} promises; called inside a `describe` per implementation. */
export function dedupeStoreContract(stores: () => DedupeStores): void {
  it('claims an id once; a second claim is refused', async () => {
    const [store] = stores();
    const id = newId();
    expect(await store.claim(id, 60_000)).toBe(true);
    expect(await store.claim(id, 60_000)).toBe(false);
    expect(await store.claim(id, 60_000)).toBe(false);
  });

  it('keeps ids apart', async () => {
    const [store] = stores();
    const [a, b] = [newId(), newId()];
    expect(await store.claim(a, 60_000)).toBe(true);
    expect(await store.claim(b, 60_000)).toBe(true);
    expect(await store.claim(a, 60_000)).toBe(false);
  });

  it('lets the id be claimed again after release, as after a failed handler', async () => {
    const [store, other] = stores();
    const id = newId();
    expect(await store.claim(id, 60_000)).toBe(true);
    await store.release(id);
    expect(await other.claim(id, 60_000)).toBe(true);
    expect(await store.claim(id, 60_000)).toBe(false);
  });

  it('ignores the release of an id that is not claimed', async () => {
    const [store] = stores();
    const id = newId();
    await expect(store.release(id)).resolves.toBeUndefined();
    expect(await store.claim(id, 60_000)).toBe(true);
  });

  it('lets a claim expire after ttlMs', async () => {
    const [store, other] = stores();
    const id = newId();
    expect(await store.claim(id, 300)).toBe(true);
    expect(await other.claim(id, 300)).toBe(false);
    await sleep(700);
    expect(await other.claim(id, 60_000)).toBe(true);
    expect(await store.claim(id, 60_000)).toBe(false);
  });

  it('holds a claim of the default 7 days', async () => {
    const [store] = stores();
    const id = newId();
    expect(await store.claim(id, 7 * 24 * 60 * 60 * 1000)).toBe(true);
    await sleep(50);
    expect(await store.claim(id, 60_000)).toBe(false);
  });

  it('gives exactly one winner among 40 concurrent claims of one id', async () => {
    const [store, other] = stores();
    for (let round = 0; round < 5; round++) {
      const id = newId();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? store : other).claim(id, 60_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  it('gives exactly one winner per id when many ids are claimed concurrently', async () => {
    const [store, other] = stores();
    const ids = Array.from({ length: 20 }, newId);
    const claims = ids.flatMap((id) =>
      Array.from({ length: 4 }, (_, i) => ({ id, store: i % 2 ? store : other })),
    );
    const results = await Promise.all(
      claims.map(({ id, store }) => store.claim(id, 60_000).then((won) => ({ id, won }))),
    );
    for (const id of ids) expect(results.filter((result) => result.id === id && result.won)).toHaveLength(1);
  });

  it('after an expiry, gives exactly one winner among concurrent claims', async () => {
    const [store, other] = stores();
    const id = newId();
    expect(await store.claim(id, 200)).toBe(true);
    await sleep(500);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? store : other).claim(id, 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses ttlMs %s with a RangeError',
    async (ttlMs) => {
      const [store] = stores();
      await expect(store.claim(newId(), ttlMs)).rejects.toThrow(RangeError);
    },
  );
}
