// PGlite's one connection is shared by the API and the background work (imports, bulk changes): a background
// transaction waits until the other statements have been quiet for BACKGROUND_QUIET_MS, so a request's statements,
// issued one after another, wait for at most the batch in progress (TransactionOptions.background, database.ts).
import { setImmediate as turn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type Database } from '../src/index.js';

describe('PGlite: background transactions give way to other statements', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createPgliteDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('starts no background transaction between the statements of a request', async () => {
    const started: number[] = [];
    let going = true;
    const background = (async () => {
      while (going) {
        await db.transaction(
          async (tx) => {
            started.push(performance.now());
            await tx.query('select count(*) from generate_series(1, 20000)');
          },
          { background: true },
        );
        // As the import runner does after each batch.
        await turn();
      }
    })();
    // Let the background work get going, then a "request": five statements, each after a turn of the event loop.
    while (started.length < 3) await turn();
    const from = performance.now();
    for (let i = 0; i < 5; i += 1) {
      await db.query('select $1::int as n', [i]);
      await turn();
    }
    const to = performance.now();
    const backgroundSince = started.length;
    going = false;
    await background;
    const during = started.filter((t) => t > from && t < to);
    expect(during).toEqual([]);
    // It resumed once the request was done.
    expect(started.length).toBeGreaterThanOrEqual(backgroundSince);
  });

  it('runs a background transaction when nothing else runs', async () => {
    const rows = await db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'), {
      background: true,
    });
    expect(rows).toEqual([{ one: 1 }]);
  });
});
