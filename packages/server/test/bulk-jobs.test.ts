import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkFilters } from '../src/bulk/bulk-scope.js';
import { createBulkRunner } from '../src/bulk/create-bulk-runner.js';
import type { Database } from '../src/db/database.js';
import { createPostgresDatabase } from '../src/db/postgres-database.js';
import {
  type BulkAction,
  claimBulkJob,
  createBulkJob,
  getBulkJob,
  runBulkBatch,
} from '../src/store/bulk-jobs.js';
import { createProspects } from '../src/store/prospects.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { quietLogger } from './import-helpers.js';

// docs/bulk-actions.md: a bulk job changes the rows its filters matched when it was made, in batches, each row
// once even when its runner dies mid-job, and emits what PATCH emits for the same change (nothing).

const T0 = Date.UTC(2032, 0, 1);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

describe.each(testDatabaseKinds())('bulk jobs on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(() => db?.close());

  /** A workspace with `n` prospects tagged `q4` (every other one also `old`) and `m` untagged ones. */
  async function workspace(n: number, m = 0) {
    const ws = (await createWorkspace(db, `Bulk ${Math.random()}`)).id;
    const rows = [
      ...Array.from({ length: n }, (_, i) => ({ company: `Q${i}`, tags: i % 2 ? ['q4', 'old'] : ['q4'] })),
      ...Array.from({ length: m }, (_, i) => ({ company: `U${i}`, tags: [] })),
    ];
    await db.transaction((tx) => createProspects(tx, ws, rows, at(0)));
    return ws;
  }
  const makeJob = (ws: string, action: BulkAction, value: string | null, query: string, now = at(1)) => {
    const read = bulkFilters(query);
    if ('issues' in read) throw new Error('bad query');
    return db.transaction((tx) =>
      createBulkJob(tx, {
        workspaceId: ws,
        action,
        value,
        query,
        scope: { filters: read.filters, ids: null, cutoff: now },
        createdBy: null,
      }),
    );
  };
  const tagsOf = async (ws: string) =>
    db.query<{ company: string; tags: string[]; owner_id: string | null }>(
      'select company, tags, owner_id from prospects where workspace_id = $1 order by company',
      [ws],
    );
  const eventCount = async (ws: string) =>
    Number(
      (
        await db.query<{ n: number }>('select count(*)::int as n from events where workspace_id = $1', [ws])
      )[0]?.n,
    );

  it('counts the matches when made, changes each in batches, and emits no event (PATCH emits none)', async () => {
    const ws = await workspace(120, 30);
    const job = await makeJob(ws, 'add_tag', 'emea', 'tag=q4');
    expect(job).toMatchObject({ status: 'queued', total_rows: 120, rows_done: 0 });
    // A prospect added after the job was made is not one of its rows, though it matches the filters.
    await db.transaction((tx) => createProspects(tx, ws, [{ company: 'Late', tags: ['q4'] }], at(2)));
    const events = await eventCount(ws);
    const batches: number[] = [];
    const runner = createBulkRunner({
      db,
      logger: quietLogger,
      batchSize: 50,
      clock: { now: () => at(3) },
      onBatch: (j) => batches.push(j.rows_done),
    });
    const ended = await runner.runOnce();
    expect(ended).toMatchObject({ status: 'succeeded', rows_done: 120, changed_count: 120, attempts: 1 });
    expect(batches).toEqual([50, 100, 120, 120]);
    const rows = await tagsOf(ws);
    expect(rows.filter((r) => r.tags.includes('emea'))).toHaveLength(120);
    expect(rows.find((r) => r.company === 'Late')?.tags).toEqual(['q4']);
    expect(rows.filter((r) => r.company.startsWith('U')).every((r) => r.tags.length === 0)).toBe(true);
    expect(await eventCount(ws)).toBe(events);
  });

  it('removes a tag and sets the owner only where that changes something; a 51st tag is skipped', async () => {
    const ws = await workspace(10);
    const runner = createBulkRunner({ db, logger: quietLogger, batchSize: 4 });
    await makeJob(ws, 'remove_tag', 'old', 'tag=old');
    expect(await runner.runOnce()).toMatchObject({ status: 'succeeded', total_rows: 5, changed_count: 5 });
    expect((await tagsOf(ws)).every((r) => r.tags.join() === 'q4')).toBe(true);
    await db.query(
      `update prospects set owner_id = 'tm_A' where workspace_id = $1 and company in ('Q1', 'Q2')`,
      [ws],
    );
    await makeJob(ws, 'set_owner', 'tm_A', '');
    expect(await runner.runOnce()).toMatchObject({ total_rows: 10, rows_done: 10, changed_count: 8 });
    await makeJob(ws, 'set_owner', null, 'owner_id=tm_A');
    expect(await runner.runOnce()).toMatchObject({ total_rows: 10, changed_count: 10 });
    expect((await tagsOf(ws)).every((r) => r.owner_id === null)).toBe(true);
    const full = Array.from({ length: 50 }, (_, i) => `t${i}`);
    await db.query(`update prospects set tags = $2 where workspace_id = $1 and company = 'Q3'`, [ws, full]);
    await makeJob(ws, 'add_tag', 'emea', '');
    expect(await runner.runOnce()).toMatchObject({ changed_count: 9, skipped_count: 1 });
  });

  it('resumes a job whose runner died after its last committed batch: each row changed once', async () => {
    const ws = await workspace(100);
    const job = await makeJob(ws, 'set_owner', 'tm_B', 'tag=q4');
    const read = bulkFilters('tag=q4');
    if ('issues' in read) throw new Error('bad query');
    const scope = { filters: read.filters, ids: null, cutoff: job.created_at };
    // Runner A claims it and commits two batches of 30, then dies (its process is killed: no stop, no release).
    let a = await claimBulkJob(db, { now: at(2), leaseUntil: at(3) });
    for (const minute of [2.1, 2.2]) {
      a = await runBulkBatch(db, a as NonNullable<typeof a>, {
        scope,
        now: at(minute),
        leaseUntil: at(3),
        batchSize: 30,
      });
    }
    expect(a).toMatchObject({ rows_done: 60, changed_count: 60 });
    // Runner B claims it once A's lease ran out and finishes it from row 61.
    const b = createBulkRunner({ db, logger: quietLogger, batchSize: 30, clock: { now: () => at(4) } });
    expect(await b.runOnce()).toMatchObject({
      status: 'succeeded',
      rows_done: 100,
      changed_count: 100,
      attempts: 2,
    });
    // A comes back and tries one more batch under its old lease: refused, nothing written.
    const late = await runBulkBatch(db, a as NonNullable<typeof a>, {
      scope,
      now: at(5),
      leaseUntil: at(6),
      batchSize: 30,
    });
    expect(late).toBeUndefined();
    expect(await getBulkJob(db, ws, job.id)).toMatchObject({ rows_done: 100, changed_count: 100 });
    // The rows A changed kept A's time; the rest carry B's: no row was changed twice.
    const times = await db.query<{ minute: number; n: number }>(
      `select extract(epoch from updated_at - $2::timestamptz)::int / 60 as minute, count(*)::int as n
       from prospects where workspace_id = $1 group by 1 order by 1`,
      [ws, at(0)],
    );
    expect(times).toEqual([
      { minute: 2, n: 60 },
      { minute: 4, n: 40 },
    ]);
  });

  it('two runners on one database (two connections on PostgreSQL) run each job once; a stopped one hands its job over', async () => {
    const ws = await workspace(300);
    const other =
      db.kind === 'pglite'
        ? { db, close: async () => {} }
        : await (async () => {
            const [{ schema } = { schema: '' }] = await db.query<{ schema: string }>(
              'select current_schema() as schema',
            );
            const second = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, { schema });
            return { db: second, close: () => second.close() };
          })();
    const jobs = [
      await makeJob(ws, 'add_tag', 'a', 'tag=q4'),
      await makeJob(ws, 'add_tag', 'b', 'tag=old'),
      await makeJob(ws, 'set_owner', 'tm_C', ''),
    ];
    // The first runner stops itself after its first batch, as a `worker` stopping on SIGTERM does: it hands the
    // job's lease back and the other resumes the job at once, after that batch.
    let stopping: Promise<void> | undefined;
    const first = createBulkRunner({
      db,
      logger: quietLogger,
      batchSize: 40,
      pollMs: 100,
      onBatch: () => {
        stopping ??= first.stop();
      },
    });
    const second = createBulkRunner({ db: other.db, logger: quietLogger, batchSize: 40, pollMs: 100 });
    try {
      await first.start();
      await second.start();
      const ended = async () =>
        (await Promise.all(jobs.map((j) => getBulkJob(db, ws, j.id)))).every(
          (j) => j?.status === 'succeeded',
        );
      for (let i = 0; i < 300 && !(await ended()); i++) await new Promise((r) => setTimeout(r, 100));
      const done = await Promise.all(jobs.map((j) => getBulkJob(db, ws, j.id)));
      expect(done.map((j) => [j?.status, j?.total_rows, j?.rows_done, j?.changed_count])).toEqual([
        ['succeeded', 300, 300, 300],
        ['succeeded', 150, 150, 150],
        ['succeeded', 300, 300, 300],
      ]);
      expect(done.some((j) => (j?.attempts ?? 0) === 2)).toBe(true);
      const all = await tagsOf(ws);
      expect(all.every((r) => r.tags.includes('a') && r.owner_id === 'tm_C')).toBe(true);
      expect(all.filter((r) => r.tags.includes('b'))).toHaveLength(150);
    } finally {
      await stopping;
      await first.stop();
      await second.stop();
      await other.close();
    }
  });
});
