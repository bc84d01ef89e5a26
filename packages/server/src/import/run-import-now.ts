import { setTimeout as sleep } from 'node:timers/promises';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import { claimImportJob } from '../store/import-job-queue.js';
import { getImportJob, type ImportJob } from '../store/import-jobs.js';
import { IMPORT_RUNNER_DEFAULTS, importBatchSize } from './create-import-runner.js';
import { ImportError } from './import-error.js';
import { runImportJob } from './run-import-job.js';

const ENDED = new Set(['succeeded', 'cancelled', 'failed']);

/**
 * Runs a started import in this process (the CLI's way), rather than waiting for a server's runner: it claims
 * the job like a runner, with the same lease and batches. If a runner claimed it first, it follows that one's
 * progress instead. Resolves when the job has ended.
 *
 * @param options.onProgress called with the job after each committed batch
 * @returns the job as it ended
 * @throws {ImportError} `not_found` when the workspace has no such job
 * @example
 * const job = await runImportNow(db, { workspaceId, jobId, onProgress: (j) => bar.update(j.rows_done) });
 */
export async function runImportNow(
  db: Database,
  options: {
    workspaceId: string;
    jobId: string;
    onProgress?: (job: ImportJob) => void;
    clock?: Clock;
    /** Rows per transaction. Default 500 on PostgreSQL, 250 on PGlite (IMPORT_RUNNER_DEFAULTS). */
    batchSize?: number;
  },
): Promise<ImportJob> {
  const clock = options.clock ?? systemClock;
  const leaseMs = IMPORT_RUNNER_DEFAULTS.leaseMs;
  for (;;) {
    const now = clock.now();
    const claimed = await claimImportJob(db, {
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      jobId: options.jobId,
    });
    if (claimed) {
      await runImportJob(db, claimed, {
        clock,
        leaseMs,
        batchSize: options.batchSize ?? importBatchSize(db),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
    }
    const job = await getImportJob(db, options);
    if (!job) throw new ImportError('not_found', 'There is no such import in this workspace.');
    if (ENDED.has(job.status)) return job;
    options.onProgress?.(job);
    if (!claimed) await sleep(500);
  }
}
