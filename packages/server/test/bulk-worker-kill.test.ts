import { type ChildProcess, spawn } from 'node:child_process';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { bulkFilters } from '../src/bulk/bulk-scope.js';
import { openDatabase } from '../src/db/open-database.js';
import { createBulkJob, getBulkJob } from '../src/store/bulk-jobs.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { cliCommand } from './cli-helpers.js';

// docs/bulk-actions.md: a `prospectkit-server worker` killed mid-job (SIGKILL: no stop, no lease handed back);
// another worker claims the job when the lease runs out and finishes it after the last committed batch, each row
// changed once.

const url = process.env.TEST_DATABASE_URL;

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(url)('a bulk job when its worker process is killed (PostgreSQL)', () => {
  it('is resumed by another worker after its lease and changes each row once', {
    timeout: 240_000,
  }, async () => {
    const admin = postgres(url as string, { max: 1, onnotice: () => {} });
    const name = `pk_bulk_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url as string);
    target.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: target.toString() });
    const children: ChildProcess[] = [];
    const spawnWorker = () => {
      const child = spawn(...cliCommand('worker', '--lease-seconds', '15'), {
        env: { ...process.env, DATABASE_URL: target.toString(), LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    };
    try {
      const ws = (await createWorkspace(db, 'Killed worker')).id;
      const total = 60_000;
      await db.query(
        `insert into prospects (id, workspace_id, company, tags, created_at, updated_at)
         select 'prs_' || lpad(g::text, 26, '0'), $1, 'Company ' || g, '{q4}',
           timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-01-01'
         from generate_series(1, $2::int) g`,
        [ws, total],
      );
      const read = bulkFilters('tag=q4');
      if ('issues' in read) throw new Error('bad query');
      const job = await db.transaction((tx) =>
        createBulkJob(tx, {
          workspaceId: ws,
          action: 'add_tag',
          value: 'emea',
          query: 'tag=q4',
          scope: { filters: read.filters, ids: null, cutoff: new Date() },
          createdBy: null,
        }),
      );
      expect(job.total_rows).toBe(total);
      const current = async () => (await getBulkJob(db, ws, job.id)) ?? job;

      const first = spawnWorker();
      await until(
        async () => (await current()).rows_done >= 2_000,
        120_000,
        'the first worker to commit batches',
      );
      const exited = new Promise((resolve) => first.once('exit', (_code, signal) => resolve(signal)));
      first.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      const atKill = await current();
      expect(atKill.status).toBe('running');
      expect(atKill.rows_done).toBeLessThan(total);
      expect(atKill.rows_done % 500).toBe(0);

      spawnWorker();
      await until(async () => (await current()).status === 'succeeded', 180_000, 'the job to end');
      const ended = await current();
      expect(ended).toMatchObject({ rows_done: total, changed_count: total, skipped_count: 0, attempts: 2 });
      const [tags] = await db.query<{ once: number; twice: number }>(
        `select count(*) filter (where tags = '{q4,emea}')::int as once,
                count(*) filter (where cardinality(array_positions(tags, 'emea')) > 1)::int as twice
         from prospects where workspace_id = $1`,
        [ws],
      );
      expect(tags).toEqual({ once: total, twice: 0 });
    } finally {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
