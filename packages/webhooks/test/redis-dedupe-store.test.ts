import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisDedupeStore } from '../src/redis/index.js';
import { dedupeStoreContract } from './dedupe-store-contract.js';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const connect = () =>
  createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } }).connect();

let clients: Awaited<ReturnType<typeof connect>>[] = [];
let skipReason = '';
try {
  clients = [await connect(), await connect()];
} catch (error) {
  skipReason = ` (skipped: no Redis at ${url}: ${(error as Error).message}; set TEST_REDIS_URL)`;
  console.warn(`RedisDedupeStore tests${skipReason}`);
}

// One prefix per run, so parallel runs and leftovers never meet.
const keyPrefix = `pk-test:${process.pid}:${randomUUID()}:`;

describe.skipIf(clients.length === 0)(`RedisDedupeStore against a real Redis${skipReason}`, () => {
  const [first, second] = clients as [(typeof clients)[number], (typeof clients)[number]];
  const stores = [
    new RedisDedupeStore({ client: first, keyPrefix }),
    new RedisDedupeStore({ client: second, keyPrefix }),
  ] as const;

  afterAll(async () => {
    for await (const keys of first.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await first.del(keys);
    }
    await Promise.all(clients.map((client) => client.close()));
  });

  dedupeStoreContract(() => stores);

  it('stores a claim as SET NX PX under the key prefix, expiring on its own', async () => {
    expect(await stores[0].claim('evt_prefix_check', 60_000)).toBe(true);
    const ttlMs = await first.pTTL(`${keyPrefix}evt_prefix_check`);
    expect(ttlMs).toBeGreaterThan(55_000);
    expect(ttlMs).toBeLessThanOrEqual(60_000);
  });

  it('uses prospectkit:webhook-dedupe: as the default prefix', async () => {
    const id = `evt_default_prefix_${randomUUID()}`;
    const store = new RedisDedupeStore({ client: first });
    expect(await store.claim(id, 5_000)).toBe(true);
    expect(await first.exists(`prospectkit:webhook-dedupe:${id}`)).toBe(1);
    await store.release(id);
    expect(await first.exists(`prospectkit:webhook-dedupe:${id}`)).toBe(0);
  });
});
