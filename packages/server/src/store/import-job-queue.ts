import type { Sql } from '../db/database.js';
import { type ImportJob, toImportJob } from './import-jobs.js';

/** The NOTIFY channel that wakes import runners when a job is queued. */
export const IMPORT_CHANNEL = 'prospectkit_imports';

/**
 * Claims the oldest claimable job: `queued`, or `running`/`cancelling` whose runner's lease ran out (it died).
 * `FOR UPDATE SKIP LOCKED` keeps concurrent runners on different jobs, and the lease, committed with the claim,
 * keeps every other runner off this one until it runs out. The lease is also the fencing token: each batch
 * commits only while `lease_until` is still the one this claim (or its last renewal) wrote.
 *
 * @param options.jobId claim this job only (the CLI runs the job it started). Default: any.
 * @returns the job with its new lease, or `undefined` when there is nothing to do
 */
export async function claimImportJob(
  db: Sql,
  options: { now: Date; leaseUntil: Date; jobId?: string },
): Promise<ImportJob | undefined> {
  const [row] = await db.query(
    `with next as (
       select id from import_jobs
       where (status = 'queued' or (status in ('running', 'cancelling') and lease_until <= $1))
         and ($3::text is null or id = $3)
       order by created_at, id
       limit 1
       for update skip locked
     )
     update import_jobs j set
       status = case when j.status = 'queued' then 'running' else j.status end,
       lease_until = $2, attempts = j.attempts + 1, started_at = coalesce(j.started_at, $1)
     from next where j.id = next.id
     returning j.*`,
    [options.now, options.leaseUntil, options.jobId ?? null],
  );
  return row ? toImportJob(row) : undefined;
}

/**
 * Locks the job in the caller's transaction and returns its status, or `undefined` when `lease` is no longer
 * its lease (another runner took it over): the caller must then roll back.
 */
export async function lockLeasedImportJob(
  tx: Sql,
  jobId: string,
  lease: Date,
): Promise<ImportJob | undefined> {
  const [row] = await tx.query('select * from import_jobs where id = $1 for update', [jobId]);
  if (!row) return undefined;
  const job = toImportJob(row);
  return job.lease_until?.getTime() === lease.getTime() ? job : undefined;
}

/** Adds one batch's counts and position and renews the lease, in the batch's transaction. */
export async function recordImportProgress(
  tx: Sql,
  jobId: string,
  progress: {
    rows: number;
    lastLine: number;
    created: number;
    skipped: number;
    updated: number;
    rejected: number;
    leaseUntil: Date;
  },
): Promise<void> {
  await tx.query(
    `update import_jobs set rows_done = rows_done + $2, last_line = $3, created_count = created_count + $4,
       skipped_count = skipped_count + $5, rejected_count = rejected_count + $6, lease_until = $7,
       updated_count = updated_count + $8
     where id = $1`,
    [
      jobId,
      progress.rows,
      progress.lastLine,
      progress.created,
      progress.skipped,
      progress.rejected,
      progress.leaseUntil,
      progress.updated,
    ],
  );
}

/** Ends a job (`succeeded`, `cancelled` or `failed`) and drops its file, which is no longer needed. */
export async function finishImportJob(
  tx: Sql,
  jobId: string,
  end: { status: 'succeeded' | 'cancelled' | 'failed'; now: Date; failure?: string },
): Promise<void> {
  await tx.query(
    `update import_jobs set status = $2, finished_at = $3, failure = $4, lease_until = null where id = $1`,
    [jobId, end.status, end.now, end.failure ?? null],
  );
  await tx.query('delete from import_file_chunks where job_id = $1', [jobId]);
}

/** Deletes uploads that never finished arriving (their process died) and are older than `before`. */
export async function sweepAbandonedUploads(db: Sql, before: Date): Promise<void> {
  await db.query(`delete from import_jobs where status = 'receiving' and created_at < $1`, [before]);
}
