import type { Database } from '../db/database.js';
import { addCustomField, listCustomFields } from '../store/custom-fields.js';
import { IMPORT_CHANNEL } from '../store/import-job-queue.js';
import { getImportJob, type ImportJob, queueImportJob } from '../store/import-jobs.js';
import { describeMappingProblems, unmappedColumns } from './describe-mapping-problems.js';
import { ImportError } from './import-error.js';
import type { ColumnMapping } from './import-fields.js';
import { type ImportSettings, isDuplicateMode } from './import-options.js';
import { rememberMapping } from './remembered-mapping.js';

/** Options of {@link startImport}. */
export interface StartImportOptions extends ImportSettings {
  /** The workspace that owns the job; a job of another workspace is `not_found`. */
  workspaceId: string;
  /** The job to start (`imp_` plus a ULID), as {@link storeImportUpload} returned it. */
  jobId: string;
  /**
   * Whether columns mapped to `null` need `acknowledgedUnmapped: true` (the page: the person confirms the list).
   * Default `false` (the CLI prints the list instead).
   */
  requireAcknowledgement?: boolean;
  /** When the new fields are created and the mapping remembered. Default: now. */
  now?: Date;
}

/**
 * Starts an uploaded import (docs/importing.md): checks the mapping (every problem at once), creates the custom
 * fields of `newFields` and queues the job with its settings in one transaction, so a refused start writes
 * nothing; remembers the mapping for the next file with the same headers ({@link rememberedMapping}); an import
 * runner (in any instance on the database) picks the job up, woken by NOTIFY on commit.
 *
 * @returns the job, `queued`
 * @throws {ImportError} `not_found`; `invalid_mapping` or `no_company_column` with every problem in `problems`
 *   (and in the message, one a line): a column to an unknown field, a field that takes one column twice, a new
 *   field whose key exists or that passes the workspace's limit of custom fields; `unacknowledged_unmapped` when
 *   `requireAcknowledgement` and columns map to `null` without `acknowledgedUnmapped`; `not_startable` when the
 *   job was already started or cancelled
 * @example
 * await startImport(db, { workspaceId, jobId, mapping: inspection.mapping, duplicates: 'skip' });
 * @see packages/server/README.md, "Importing prospects"
 */
export async function startImport(db: Database, options: StartImportOptions): Promise<ImportJob> {
  const job = await getImportJob(db, options);
  if (!job) throw new ImportError('not_found', 'There is no such import in this workspace.');
  const duplicates = options.duplicates ?? 'skip';
  if (!isDuplicateMode(duplicates)) {
    throw new ImportError(
      'invalid_mapping',
      'Duplicates must be "skip", "create", "update_fill_empty" or "update_overwrite".',
    );
  }
  const newFields = options.newFields ?? [];
  // A column a new field is created from maps to it.
  const mapping: ColumnMapping = [...options.mapping];
  for (const field of newFields) {
    if (mapping[field.column] === null) mapping[field.column] = `custom:${field.key}`;
  }
  const now = options.now ?? new Date();
  const started = await db.transaction(async (tx) => {
    const existing = await listCustomFields(tx, options.workspaceId);
    const problems = describeMappingProblems(mapping, job.headers, existing, { newFields });
    if (problems.length > 0) {
      const code = problems.every((p) => p.code === 'no_company_column')
        ? 'no_company_column'
        : 'invalid_mapping';
      throw new ImportError(code, problems.map((p) => p.message).join('\n'), problems);
    }
    const unmapped = unmappedColumns(mapping, job.headers);
    if (options.requireAcknowledgement && unmapped.length > 0 && options.acknowledgedUnmapped !== true) {
      throw new ImportError(
        'unacknowledged_unmapped',
        `${unmapped.length === 1 ? 'This column' : `These ${unmapped.length} columns`} will not be imported: ${unmapped.map((u) => `"${u.header}"`).join(', ')}. Confirm it, or map ${unmapped.length === 1 ? 'it' : 'them'} to a field.`,
      );
    }
    // A dry run writes nothing: its run checks the rows against the fields as they would be (run-import-job.ts).
    for (const field of options.dryRun ? [] : newFields) {
      const added = await addCustomField(
        tx,
        options.workspaceId,
        { key: field.key, label: field.label.trim(), type: field.type, options: field.options ?? [] },
        now,
      );
      // describeMappingProblems checked both under the workspace's lock (addCustomField's); kept as a guard.
      if ('refused' in added) {
        throw new ImportError(
          'invalid_mapping',
          `The field "${field.key}" could not be created (${added.refused}).`,
        );
      }
    }
    const queued = await queueImportJob(tx, {
      workspaceId: options.workspaceId,
      jobId: options.jobId,
      mapping,
      duplicates,
      newFields,
      dryRun: options.dryRun ?? false,
    });
    if (!queued) {
      throw new ImportError(
        'not_startable',
        `This import is already ${job.status}; upload the file again to import it again.`,
      );
    }
    await rememberMapping(tx, {
      workspaceId: options.workspaceId,
      headers: job.headers,
      remembered: { mapping, newFields, duplicates, rememberedAt: now },
    });
    await tx.query(`select pg_notify('${IMPORT_CHANNEL}', $1)`, [queued.id]);
    return queued;
  });
  return started;
}
