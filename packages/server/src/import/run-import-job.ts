import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import { listCustomFields } from '../store/custom-fields.js';
import { finishImportJob, lockLeasedImportJob, recordImportProgress } from '../store/import-job-queue.js';
import type { ImportJob } from '../store/import-jobs.js';
import { insertImportRejections } from '../store/import-rejections.js';
import type { ColumnMapping } from './import-fields.js';
import type { SeenKeys } from './match-duplicates.js';
import { preparedRows } from './prepared-rows.js';
import { type PreparedRow, processRowPreparer } from './row-preparer.js';
import { writeImportBatch } from './write-import-batch.js';

/** Options of {@link runImportJob}. */
export interface RunImportJobOptions {
  clock: Clock;
  /** How long each batch's commit extends the lease, in milliseconds. */
  leaseMs: number;
  /** Rows per transaction. */
  batchSize: number;
  /** When aborted, the job stops after the batch in progress and its lease is handed back (another runner resumes it). */
  signal?: AbortSignal;
  /** Called after each committed batch with the job's counts. */
  onProgress?: (job: ImportJob) => void;
  /** Where each committed batch's rows are counted. Default: nowhere. */
  metrics?: ServerMetrics;
}

/** Why a run ended: the job's end, `lost` (another runner holds it now), or `released` (stopped by `signal`). */
export type RunImportJobResult = 'succeeded' | 'cancelled' | 'lost' | 'released';

class LostLease extends Error {}

/** An import's transactions give way to the API's statements on PGlite (TransactionOptions.background). */
const BACKGROUND = { background: true } as const;

/**
 * A batch whose writing failed: its transaction rolled back (the batches before it stay), and the error says
 * which lines it held, for the job's `failed_first_line`/`failed_last_line` (create-import-runner.ts).
 */
export class BatchFailed extends Error {
  readonly firstLine: number;
  readonly lastLine: number;
  /** @param lease the job's lease when the batch failed (its earlier batches renewed the claim's) */
  constructor(
    rows: readonly PreparedRow[],
    readonly lease: Date,
    cause: unknown,
  ) {
    const firstLine = rows[0]?.line ?? 0;
    const lastLine = rows.at(-1)?.endLine ?? firstLine;
    super(`The batch of lines ${firstLine}-${lastLine} could not be written.`, { cause });
    this.firstLine = firstLine;
    this.lastLine = lastLine;
  }
}

/**
 * Runs a job this runner has claimed (its `lease_until` is the claim's), from the record after `rows_done`. The
 * rows are checked in the import thread (`processRowPreparer`), never on this event loop, which only reads the
 * stored chunks and writes the batches.
 * Each batch is one transaction: the job row locked and the lease checked (the fencing token, so a runner whose
 * lease ran out writes nothing), the duplicate check, the prospects with their `prospect.created` events and
 * deliveries (the store's `createProspectRows`, as `POST /prospects`'s `createProspects`), the rejections, and the new counts and
 * position. A killed process therefore leaves whole batches only, and the next claim resumes after the last.
 * A job found `cancelling` ends `cancelled` before its next batch is written.
 *
 * @returns how the run ended; a failure throws (the caller decides to retry or fail the job)
 * @see packages/server/README.md, "Importing prospects"
 */
export async function runImportJob(
  db: Database,
  claimed: ImportJob,
  options: RunImportJobOptions,
): Promise<RunImportJobResult> {
  let lease = claimed.lease_until as Date;
  const mapping = claimed.mapping as ColumnMapping;
  // The workspace's custom fields, those the import created at its start included (start-import.ts); a dry run
  // created none, so its rows are checked against them as they would be.
  const listed = await listCustomFields(db, claimed.workspace_id);
  const customFields = [
    ...listed,
    ...claimed.new_fields
      .filter((f) => !listed.some((l) => l.key === f.key))
      .map((f) => ({ key: f.key, label: f.label, type: f.type, options: f.options ?? [] })),
  ];
  // The run's rows by duplicate key, so a duplicate inside the file says so (match-duplicates.ts).
  const seen: SeenKeys = new Map();

  /** Commits one batch; returns the job after it, or 'cancelled'. */
  let counted = { created: 0, skipped: 0, rejected: 0 };
  const commit = (rows: PreparedRow[], lastLine: number, end: boolean) =>
    db.transaction(async (tx) => {
      const job = await lockLeasedImportJob(tx, claimed.id, lease);
      if (!job) throw new LostLease();
      const now = options.clock.now();
      if (job.status === 'cancelling') {
        await finishImportJob(tx, job.id, { status: 'cancelled', now });
        return 'cancelled' as const;
      }
      let written: Awaited<ReturnType<typeof writeImportBatch>>;
      try {
        written = await writeImportBatch(tx, job, rows, { customFields, seen, now });
      } catch (error) {
        throw new BatchFailed(rows, lease, error);
      }
      const { counts, report } = written;
      await insertImportRejections(tx, job.id, report);
      const nextLease = new Date(now.getTime() + options.leaseMs);
      await recordImportProgress(tx, job.id, {
        rows: rows.length,
        lastLine,
        ...counts,
        leaseUntil: nextLease,
      });
      if (end) await finishImportJob(tx, job.id, { status: 'succeeded', now });
      lease = nextLease;
      counted = {
        created: job.dry_run ? 0 : counts.created,
        skipped: counts.skipped,
        rejected: counts.rejected,
      };
      return {
        ...job,
        rows_done: job.rows_done + rows.length,
        created_count: job.created_count + counts.created,
        updated_count: job.updated_count + counts.updated,
        skipped_count: job.skipped_count + counts.skipped,
        rejected_count: job.rejected_count + counts.rejected,
        status: end ? ('succeeded' as const) : job.status,
      };
    }, BACKGROUND);

  // PGlite runs no autovacuum: without this its planner would keep the statistics of the table before the import,
  // and the duplicate check, planned for a few rows, would read the whole workspace per batch (38 ms against 2 at
  // 50,000 rows: the run slowed down as it went). So the table is analyzed as it doubles, from a small sample
  // (about 35 ms at 100,000 rows). PostgreSQL's autovacuum does this by itself.
  let created = 0;
  let analyzeAt = 1000;
  const analyzeAsItGrows = async (rows: number) => {
    created += rows;
    if (db.kind !== 'pglite' || created < analyzeAt) return;
    analyzeAt = created * 2;
    await db.transaction(async (tx) => {
      await tx.query('set local default_statistics_target = 10');
      await tx.query('analyze prospects');
    }, BACKGROUND);
  };
  try {
    let batch: PreparedRow[] = [];
    let lastLine = claimed.last_line;
    const flush = async (end: boolean): Promise<RunImportJobResult | undefined> => {
      const after = await commit(batch, lastLine, end);
      if (after !== 'cancelled') {
        options.metrics?.importRows(counted);
        await analyzeAsItGrows(counted.created);
      }
      batch = [];
      // PGlite runs in this thread, so without a macrotask here its queries would never let a request in; and
      // the next batch's transaction waits for the API's statements to be done (TransactionOptions.background).
      await new Promise((resolve) => setImmediate(resolve));
      if (after === 'cancelled') return 'cancelled';
      options.onProgress?.(after);
      if (end) return 'succeeded';
      if (options.signal?.aborted) {
        await db.query('update import_jobs set lease_until = $2 where id = $1 and lease_until = $3', [
          claimed.id,
          options.clock.now(),
          lease,
        ]);
        return 'released';
      }
      return undefined;
    };
    // The process's import thread, kept for the next import (processRowPreparer).
    const preparer = processRowPreparer();
    const plan = { mapping, headers: claimed.headers, customFields };
    for await (const rows of preparedRows(db, claimed, plan, preparer, claimed.rows_done)) {
      for (const row of rows) {
        batch.push(row);
        lastLine = row.endLine;
        if (batch.length >= options.batchSize) {
          const ended = await flush(false);
          if (ended) return ended;
        }
      }
    }
    return (await flush(true)) as RunImportJobResult;
  } catch (error) {
    if (error instanceof LostLease) return 'lost';
    throw error;
  }
}
