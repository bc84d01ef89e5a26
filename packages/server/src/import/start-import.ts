import type { Sql } from '../db/database.js';
import { IMPORT_CHANNEL } from '../store/import-job-queue.js';
import { type DuplicatePolicy, getImportJob, type ImportJob, queueImportJob } from '../store/import-jobs.js';
import { checkMapping } from './check-mapping.js';
import { ImportError } from './import-error.js';
import type { ColumnMapping } from './import-fields.js';

/** Options of {@link startImport}. */
export interface StartImportOptions {
  /** The workspace that owns the job; a job of another workspace is `not_found`. */
  workspaceId: string;
  /** The job to start (`imp_` plus a ULID), as {@link storeImportUpload} returned it. */
  jobId: string;
  /** One field (or `null`) per header column; one column must map to `company`. */
  mapping: ColumnMapping;
  /** Rows whose `contact_email` or `domain` already exists: `skip` them or `create` them anyway. */
  duplicates: DuplicatePolicy;
  /** Validate and count only, writing no prospect. Default `false`. */
  dryRun?: boolean;
}

/**
 * Queues an uploaded import with its mapping; an import runner (in any instance on the database) picks it up,
 * woken by NOTIFY on commit.
 *
 * @returns the job, `queued`
 * @throws {ImportError} `not_found`; `no_company_column` when nothing maps to company (a 422 on a page);
 *   `invalid_mapping`; `not_startable` when the job was already started or cancelled
 * @example
 * await startImport(db, { workspaceId, jobId, mapping: inspection.mapping, duplicates: 'skip' });
 * @see packages/server/README.md, "Importing prospects"
 */
export async function startImport(db: Sql, options: StartImportOptions): Promise<ImportJob> {
  const job = await getImportJob(db, options);
  if (!job) throw new ImportError('not_found', 'There is no such import in this workspace.');
  checkMapping(options.mapping, job.headers, { requireCompany: true });
  if (options.duplicates !== 'skip' && options.duplicates !== 'create') {
    throw new ImportError('invalid_mapping', 'Duplicates must be "skip" or "create".');
  }
  const queued = await queueImportJob(db, { ...options, dryRun: options.dryRun ?? false });
  if (!queued) {
    throw new ImportError(
      'not_startable',
      `This import is already ${job.status}; upload the file again to import it again.`,
    );
  }
  await db.query(`select pg_notify('${IMPORT_CHANNEL}', $1)`, [queued.id]);
  return queued;
}
