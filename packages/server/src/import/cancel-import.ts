import { type Clock, systemClock } from '../clock.js';
import type { Sql } from '../db/database.js';
import { type ImportJob, requestImportCancel } from '../store/import-jobs.js';
import { ImportError } from './import-error.js';

/**
 * Cancels an import. A job not yet running is `cancelled` at once; a running one becomes `cancelling` and stops
 * after the batch in progress: the prospects of committed batches stay (the job's `created_count` says how
 * many), nothing of a batch is half written. An ended job is returned unchanged.
 *
 * @throws {ImportError} `not_found` when the workspace has no such job
 * @example
 * const job = await cancelImport(db, { workspaceId, jobId });
 */
export async function cancelImport(
  db: Sql,
  options: { workspaceId: string; jobId: string; clock?: Clock },
): Promise<ImportJob> {
  const job = await requestImportCancel(db, {
    workspaceId: options.workspaceId,
    jobId: options.jobId,
    now: (options.clock ?? systemClock).now(),
  });
  if (!job) throw new ImportError('not_found', 'There is no such import in this workspace.');
  return job;
}
