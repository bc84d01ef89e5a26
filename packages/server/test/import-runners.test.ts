import { setTimeout as sleep } from 'node:timers/promises';
import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { createPostgresDatabase } from '../src/db/postgres-database.js';
import {
  createImportRunner,
  getImportJob,
  type ImportJob,
  inspectImport,
  startImport,
} from '../src/import/index.js';
import { claimImportJob } from '../src/store/import-job-queue.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { quietLogger, upload } from './import-helpers.js';

/** A second connection to the same database, as another server instance would have (PGlite: the same one). */
async function secondInstance(db: Database): Promise<{ db: Database; close: () => Promise<void> }> {
  if (db.kind === 'pglite') return { db, close: async () => {} };
  const [{ schema } = { schema: '' }] = await db.query<{ schema: string }>(
    'select current_schema() as schema',
  );
  const other = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, { schema });
  return { db: other, close: () => other.close() };
}

describe.each(testDatabaseKinds())('import runners on %s', (kind) => {
  it('two runners on one database run each job exactly once', async () => {
    const db = await openTestDatabase(kind);
    const other = await secondInstance(db);
    const runners = [db, other.db].map((d) =>
      createImportRunner({ db: d, logger: quietLogger, batchSize: 50, pollMs: 200 }),
    );
    try {
      const ws = (await createWorkspace(db, 'Two runners')).id;
      const jobs: ImportJob[] = [];
      for (const n of [300, 200, 250]) {
        const csv = `Company,Email\n${Array.from({ length: n }, (_, i) => `C${i},c${i}@${n}.test\n`).join('')}`;
        const job = await upload(db, ws, csv);
        const { mapping } = await inspectImport(db, { workspaceId: ws, jobId: job.id });
        jobs.push(job);
        await startImport(db, { workspaceId: ws, jobId: job.id, mapping, duplicates: 'create' });
      }
      await Promise.all(runners.map((r) => r.start()));
      const ended = async () =>
        (await Promise.all(jobs.map((j) => getImportJob(db, { workspaceId: ws, jobId: j.id })))).every(
          (j) => j?.status === 'succeeded',
        );
      while (!(await ended())) await sleep(100);
      const done = await Promise.all(jobs.map((j) => getImportJob(db, { workspaceId: ws, jobId: j.id })));
      expect(done.map((j) => [j?.created_count, j?.attempts])).toEqual([
        [300, 1],
        [200, 1],
        [250, 1],
      ]);
      const [{ prospects, events } = { prospects: 0, events: 0 }] = await db.query<{
        prospects: number;
        events: number;
      }>(
        `select (select count(*)::int from prospects where workspace_id = $1) as prospects,
                (select count(*)::int from events where workspace_id = $1) as events`,
        [ws],
      );
      expect([prospects, events]).toEqual([750, 750]);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      await other.close();
      await db.close();
    }
  }, 120_000);

  it('a job whose runner keeps dying ends failed, saying what was imported', async () => {
    const db = await openTestDatabase(kind);
    try {
      const ws = (await createWorkspace(db, 'Dying runner')).id;
      const job = await upload(db, ws, 'Company\nA\n');
      const { mapping } = await inspectImport(db, { workspaceId: ws, jobId: job.id });
      await startImport(db, { workspaceId: ws, jobId: job.id, mapping, duplicates: 'skip' });
      const t0 = new Date();
      // Claimed, then the process is killed before its first batch.
      await claimImportJob(db, { now: t0, leaseUntil: new Date(t0.getTime() + 60_000) });
      const clock = { now: () => new Date(t0.getTime() + 61_000) };
      await createImportRunner({ db, logger: quietLogger, clock, maxAttempts: 1 }).runOnce();
      const ended = await getImportJob(db, { workspaceId: ws, jobId: job.id });
      expect(ended?.status).toBe('failed');
      expect(ended?.failure).toMatch(
        /stopped 1 time .*0 rows were written before it stopped, in whole batches .*0 prospects created, 0 updated/,
      );
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe('stopping an import runner', () => {
  it('resolves when its listening connection is already closed (at shutdown)', async () => {
    const db = await openTestDatabase('pglite');
    try {
      // The listen subscription's connection is gone by the time the runner stops: unlisten rejects.
      const closing = new Proxy(db, {
        get(target, property, receiver) {
          if (property !== 'listen') return Reflect.get(target, property, receiver);
          return async (channel: string, onNotify: () => void) => {
            const unlisten = await target.listen(channel, onNotify);
            return async () => {
              await unlisten();
              throw Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
                code: 'CONNECTION_CLOSED',
              });
            };
          };
        },
      });
      const runner = createImportRunner({ db: closing, logger: quietLogger, pollMs: 200 });
      await runner.start();
      await expect(runner.stop()).resolves.toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
