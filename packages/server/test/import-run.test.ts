import { openTestDatabase, startTestServer, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import {
  cancelImport,
  createImportRunner,
  getImportJob,
  type ImportJob,
  importReportCsv,
  inspectImport,
  startImport,
} from '../src/import/index.js';
import { readCsvRecords } from '../src/import/read-csv-records.js';
import { createRecordChunker } from '../src/import/record-chunks.js';
import { runImportJob } from '../src/import/run-import-job.js';
import { insertImportChunk } from '../src/store/import-file-chunks.js';
import { claimImportJob } from '../src/store/import-job-queue.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { call } from './http-helpers.js';
import { companies, importCsv, quietLogger, upload } from './import-helpers.js';

const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `Company ${from + i},c${from + i}@example.test\n`).join('');

/** Uploads and queues a file; returns the queued job. */
async function queue(db: Database, workspaceId: string, csv: string): Promise<ImportJob> {
  const job = await upload(db, workspaceId, csv);
  const { mapping } = await inspectImport(db, { workspaceId, jobId: job.id });
  return startImport(db, { workspaceId, jobId: job.id, mapping, duplicates: 'skip' });
}

const count = async (db: Database, table: string, workspaceId: string) =>
  (
    await db.query<{ n: number }>(`select count(*)::int as n from ${table} where workspace_id = $1`, [
      workspaceId,
    ])
  )[0]?.n;

describe.each(testDatabaseKinds())('import runs on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(() => db.close());
  const workspace = async () => (await createWorkspace(db, 'Import')).id;

  it('skips a row whose email exists, or (a company-only row) whose domain does, in the workspace or earlier in the file, without regard to case', async () => {
    const ws = await workspace();
    await importCsv(db, ws, 'Company,Email,Domain\nOld,old@x.test,old.test\n');
    const csv = 'Company,Email,Domain\nA,OLD@x.test,\nB,,OLD.test\nC,new@x.test,\nD,NEW@x.test,\nE,,\nF,,\n';
    const skipped = await importCsv(db, ws, csv, { batchSize: 2 });
    expect([skipped.created_count, skipped.skipped_count, skipped.rejected_count]).toEqual([3, 3, 0]);
    expect(await companies(db, ws)).toEqual(['Old', 'C', 'E', 'F']);
    const created = await importCsv(db, ws, csv, { duplicates: 'create' });
    expect([created.created_count, created.skipped_count]).toEqual([6, 0]);
    expect(await count(db, 'prospects', ws)).toBe(10);
    expect(await count(db, 'events', ws)).toBe(10);
  });

  it('keeps first and last name, title, phone, profile URL, city, region and country, composing the contact name', async () => {
    const ws = await workspace();
    const csv =
      'First Name,Last Name,Company Name,Job Title,Phone Number,Person Linkedin Url,City,State/Region,Country/Region\n' +
      '山田,太郎,"Acme, Inc.",CTO,+81  3 1234 5678,https://www.linkedin.com/in/yamada,Tokyo,Tokyo,jp\n';
    const job = await importCsv(db, ws, csv);
    expect([job.created_count, job.rejected_count]).toEqual([1, 0]);
    const [row] = await db.query(
      `select contact_name, contact_first_name, contact_last_name, contact_title, contact_phone, contact_profile_url,
         city, region, country from prospects where workspace_id = $1`,
      [ws],
    );
    expect(row).toEqual({
      contact_name: '山田 太郎',
      contact_first_name: '山田',
      contact_last_name: '太郎',
      contact_title: 'CTO',
      contact_phone: '+81 3 1234 5678',
      contact_profile_url: 'https://www.linkedin.com/in/yamada',
      city: 'Tokyo',
      region: 'Tokyo',
      country: 'JP',
    });
  });

  it('a dry run validates and counts, duplicates within the file included, and writes no prospect', async () => {
    const ws = await workspace();
    const job = await importCsv(db, ws, 'Company,Email\nA,a@x.test\nB,A@x.test\n,c@x.test\n', {
      dryRun: true,
      batchSize: 1,
    });
    expect([job.status, job.created_count, job.skipped_count, job.rejected_count]).toEqual([
      'succeeded',
      1,
      1,
      1,
    ]);
    expect(await count(db, 'prospects', ws)).toBe(0);
    expect(await count(db, 'events', ws)).toBe(0);
  });

  it('cancelling stops after the batch in progress: what was imported stays, and the counts say so', async () => {
    const ws = await workspace();
    const job = await queue(db, ws, `Company,Email\n${rows(10)}`);
    const now = new Date();
    const claimed = (await claimImportJob(db, {
      now,
      leaseUntil: new Date(now.getTime() + 60_000),
    })) as ImportJob;
    const result = await runImportJob(db, claimed, {
      clock: { now: () => new Date() },
      leaseMs: 60_000,
      batchSize: 3,
      onProgress: (j) => {
        if (j.rows_done === 3) void cancelImport(db, { workspaceId: ws, jobId: job.id });
      },
    });
    expect(result).toBe('cancelled');
    const ended = (await getImportJob(db, { workspaceId: ws, jobId: job.id })) as ImportJob;
    expect(ended.status).toBe('cancelled');
    const created = await count(db, 'prospects', ws);
    expect(created).toBe(ended.created_count);
    expect(created).toBeGreaterThanOrEqual(3);
    expect(created).toBeLessThan(10);
    expect(await count(db, 'events', ws)).toBe(created);
    // A job not yet running is cancelled at once.
    const queued = await queue(db, ws, `Company\nX\n`);
    expect((await cancelImport(db, { workspaceId: ws, jobId: queued.id })).status).toBe('cancelled');
  });

  it('resumes after a killed runner once its lease runs out, after the last committed batch', async () => {
    const ws = await workspace();
    const job = await queue(db, ws, `Company,Email\n${rows(10)}`);
    const t0 = new Date();
    const claimed = (await claimImportJob(db, {
      now: t0,
      leaseUntil: new Date(t0.getTime() + 60_000),
    })) as ImportJob;
    // The runner "dies" right after its first committed batch (its lease still held).
    await expect(
      runImportJob(db, claimed, {
        clock: { now: () => t0 },
        leaseMs: 60_000,
        batchSize: 4,
        onProgress: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const later = (ms: number) => ({ now: () => new Date(t0.getTime() + ms) });
    expect(
      await createImportRunner({ db, logger: quietLogger, clock: later(30_000) }).runOnce(),
    ).toBeUndefined();
    const resumed = await createImportRunner({ db, logger: quietLogger, clock: later(61_000) }).runOnce();
    expect(resumed?.rows_done).toBe(4);
    const ended = (await getImportJob(db, { workspaceId: ws, jobId: job.id })) as ImportJob;
    expect([ended.status, ended.created_count, ended.attempts]).toEqual(['succeeded', 10, 2]);
    expect(await companies(db, ws)).toEqual(Array.from({ length: 10 }, (_, i) => `Company ${i}`));
    expect(await count(db, 'events', ws)).toBe(10);
  });

  it('a runner whose lease was taken over writes nothing (the lease fences its batches)', async () => {
    const ws = await workspace();
    await queue(db, ws, `Company,Email\n${rows(3)}`);
    const t0 = new Date();
    const stale = (await claimImportJob(db, {
      now: t0,
      leaseUntil: new Date(t0.getTime() + 1000),
    })) as ImportJob;
    const t1 = new Date(t0.getTime() + 2000);
    const fresh = await claimImportJob(db, { now: t1, leaseUntil: new Date(t1.getTime() + 60_000) });
    expect(fresh?.id).toBe(stale.id);
    const clock = { now: () => t1 };
    expect(await runImportJob(db, stale, { clock, leaseMs: 60_000, batchSize: 500 })).toBe('lost');
    expect(await count(db, 'prospects', ws)).toBe(0);
    expect(await runImportJob(db, fresh as ImportJob, { clock, leaseMs: 60_000, batchSize: 500 })).toBe(
      'succeeded',
    );
    expect(await count(db, 'prospects', ws)).toBe(3);
  });

  it('resumes a job whose records span several chunks at the chunk of its next record', async () => {
    const ws = await workspace();
    const job = await queue(db, ws, `Company,Email\n${rows(12)}`);
    // Stored again in chunks of about 60 bytes: three records each.
    const records = [];
    for await (const record of readCsvRecords(db, job)) records.push(record);
    const chunker = createRecordChunker(60);
    for (const record of records) chunker.add(record);
    const chunks = chunker.end();
    expect(chunks.map((c) => c.firstRecord)).toEqual([0, 2, 4, 6, 8, 10]);
    await db.query('delete from import_file_chunks where job_id = $1', [job.id]);
    for (const [seq, chunk] of chunks.entries())
      await insertImportChunk(db, job.id, seq, chunk.data, chunk.firstRecord);
    const t0 = new Date();
    const claimed = (await claimImportJob(db, {
      now: t0,
      leaseUntil: new Date(t0.getTime() + 60_000),
    })) as ImportJob;
    await expect(
      runImportJob(db, claimed, {
        clock: { now: () => t0 },
        leaseMs: 60_000,
        batchSize: 5,
        onProgress: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const resumed = await createImportRunner({
      db,
      logger: quietLogger,
      clock: { now: () => new Date(t0.getTime() + 61_000) },
    }).runOnce();
    expect(resumed?.rows_done).toBe(5);
    const ended = (await getImportJob(db, { workspaceId: ws, jobId: job.id })) as ImportJob;
    expect([ended.status, ended.created_count, ended.last_line]).toEqual(['succeeded', 12, 13]);
    expect(await companies(db, ws)).toEqual(Array.from({ length: 12 }, (_, i) => `Company ${i}`));
  });

  it('runs a file uploaded by an older version (its CSV bytes stored as they came) as before, lines included', async () => {
    const ws = await workspace();
    const csv = 'Company,Notes\nA,"two\nlines"\n,missing company\nC,plain\n';
    const job = await queue(db, ws, csv);
    await db.query('delete from import_file_chunks where job_id = $1', [job.id]);
    // Two chunks split inside the quoted field, as the older upload stored them.
    const bytes = Buffer.from(csv);
    await insertImportChunk(db, job.id, 0, bytes.subarray(0, 20));
    await insertImportChunk(db, job.id, 1, bytes.subarray(20));
    await db.query(`update import_jobs set file_format = 'csv' where id = $1`, [job.id]);
    await createImportRunner({ db, logger: quietLogger }).runOnce();
    const ended = (await getImportJob(db, { workspaceId: ws, jobId: job.id })) as ImportJob;
    expect([ended.status, ended.created_count, ended.rejected_count, ended.last_line]).toEqual([
      'succeeded',
      2,
      1,
      5,
    ]);
    expect(await db.query('select line from import_rejections where job_id = $1', [job.id])).toEqual([
      { line: 4 },
    ]);
    expect(await companies(db, ws)).toEqual(['A', 'C']);
  });

  it('streams a report: rejected lines with column and reason, then the summary', async () => {
    const ws = await workspace();
    const job = await importCsv(db, ws, 'Company,Website\nA,https://a.test\n,https://b.test\nC,"=cmd|x"\n');
    let text = '';
    for await (const piece of importReportCsv(db, { workspaceId: ws, jobId: job.id })) text += piece;
    expect(text.split('\r\n')).toEqual([
      'line,column,reason,outcome,prospect_id',
      '3,Company,Company is required.,rejected,',
      '4,Website,Website must be a valid URL.,rejected,',
      ',,"Summary: succeeded: 3 rows read of 3; 1 created, 0 updated, 0 skipped as duplicates, 2 rejected.",,',
      '',
    ]);
    const missing = importReportCsv(db, { workspaceId: ws, jobId: 'imp_none' });
    await expect(missing.next()).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe.each(testDatabaseKinds())('import beside the API on %s', (kind) => {
  it('emits prospect.created with the same data as POST /prospects, and stores the same prospect', async () => {
    const server = await startTestServer({ kind });
    try {
      const token = await server.token();
      // The import derives the domain from the website (docs/importing.md, "Domain"); the API stores what is sent.
      const body = {
        company: 'Acme Ltd',
        domain: 'acme.example',
        contact_email: 'ada@acme.example',
        website: 'https://acme.example',
        tags: ['a', 'b'],
        city: 'Lyon',
      };
      const answer = await call(server.baseUrl, 'POST', '/prospects', { token, body });
      expect(answer.status).toBe(201);
      const ws = await server.workspace('Imported');
      await importCsv(
        server.db,
        ws,
        'Company,E-mail,Website URL,Tags,City\n  Acme Ltd ,ada@acme.example,https://acme.example,"a; b",Lyon\n',
        {
          duplicates: 'create',
        },
      );
      const read = async (workspaceId: string) => {
        const [event] = await server.db.query<{ body: string; type: string }>(
          'select type, body from events where workspace_id = $1',
          [workspaceId],
        );
        const [prospect] = await server.db.query<Record<string, unknown>>(
          'select company, domain, website, location, contact_name, contact_email, notes, tags, owner_id from prospects where workspace_id = $1',
          [workspaceId],
        );
        const { data, event: type } = JSON.parse(event?.body ?? '{}');
        return { type, data: { ...data, prospect_id: undefined }, prospect };
      };
      expect(await read(ws)).toEqual(await read(server.workspaceId));
    } finally {
      await server.close();
    }
  }, 120_000);
});
