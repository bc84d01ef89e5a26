import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDedupeTable, PostgresDedupeStore } from '../src/postgres/index.js';
import { dedupeStoreContract } from './dedupe-store-contract.js';

const url = process.env.TEST_DATABASE_URL;
const skipReason = url
  ? ''
  : ' (skipped: set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test)';
if (!url) console.warn(`PostgresDedupeStore tests${skipReason}`);

// One table per run, so parallel runs and leftovers never meet.
const table = `pk_webhook_dedupe_test_${process.pid}_${randomBytes(4).toString('hex')}`;

describe.skipIf(!url)(`PostgresDedupeStore against a real PostgreSQL${skipReason}`, () => {
  // Two clients with their own pools: concurrent claims come from separate connections, as from two instances.
  const clients = url
    ? [postgres(url, { max: 10, onnotice: () => {} }), postgres(url, { max: 10, onnotice: () => {} })]
    : [];
  const [first, second] = clients as [postgres.Sql, postgres.Sql];
  const stores = [
    new PostgresDedupeStore({ sql: first, table }),
    new PostgresDedupeStore({ sql: second, table }),
  ] as const;

  beforeAll(async () => {
    await createDedupeTable(first, { table });
    // Idempotent: a second run of the migration changes nothing.
    await createDedupeTable(second, { table });
  });
  afterAll(async () => {
    await first.unsafe(`DROP TABLE IF EXISTS "${table}"`);
    await Promise.all(clients.map((client) => client.end()));
  });

  dedupeStoreContract(() => stores);

  it('deleteExpired removes expired claims only', async () => {
    expect(await stores[0].claim('evt_expiring', 50)).toBe(true);
    expect(await stores[0].claim('evt_living', 60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stores[1].deleteExpired()).toBeGreaterThanOrEqual(1);
    const rows = await first`SELECT id FROM ${first(table)} WHERE id IN ('evt_expiring', 'evt_living')`;
    expect(rows.map((row) => row.id)).toEqual(['evt_living']);
  });

  it('creates the documented columns', async () => {
    const columns = await first`
      SELECT column_name, data_type, is_nullable FROM information_schema.columns
      WHERE table_name = ${table} ORDER BY ordinal_position`;
    expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ['id', 'text', 'NO'],
      ['expires_at', 'timestamp with time zone', 'NO'],
    ]);
  });
});
