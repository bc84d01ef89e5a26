import type { Sql } from '../db/database.js';
import { getImportJob, type ImportJob } from '../store/import-jobs.js';
import { findExistingContacts } from '../store/prospects.js';
import { checkMapping } from './check-mapping.js';
import { ImportError } from './import-error.js';
import type { ColumnMapping, ProspectField } from './import-fields.js';
import { readCsvRecords } from './read-csv-records.js';
import { rowToProspect } from './row-to-prospect.js';
import { suggestMapping } from './suggest-mapping.js';

/** What the mapping page shows before an import starts; see {@link inspectImport}. */
export interface ImportInspection {
  /** The job, as {@link getImportJob} returns it; its `status` says whether it can still be started. */
  job: ImportJob;
  /** The header row's names, in file order (the job's `headers`). */
  headers: string[];
  /** The detected delimiter: `,`, `;` or a tab. */
  delimiter: string;
  /** The mapping given, else the job's, else the one suggested from the headers. */
  mapping: ColumnMapping;
  /** The first data rows as the import would read them with `mapping`. */
  preview: Array<{
    /** The file line the row starts on (1 is the header). */
    line: number;
    /** The mapped cells, by prospect field (blank cells left out). */
    values: Partial<Record<ProspectField, string>>;
    /**
     * Why the import would reject the row, by the rules of `POST /prospects`; empty when it would be created.
     * @see openapi.yaml `ProspectCreate`
     */
    errors: Array<{
      /** The prospect field at fault, or `null` when the whole row is (a row wider than the header, say). */
      field: ProspectField | null;
      /** A sentence for people saying what is wrong and how to fix it. */
      message: string;
    }>;
    /** Its `contact_email` or `domain` already exists in the workspace (or earlier in the preview). */
    duplicate: boolean;
  }>;
}

/**
 * Reads an uploaded file's first rows with a mapping, so a person can check and fix the mapping before
 * starting: each row's values, the errors it would be rejected with, and whether it is a duplicate.
 *
 * @param options.mapping one field or `null` per header column. Default: the job's, else {@link suggestMapping}'s
 * @param options.previewRows rows to read. Default 10.
 * @throws {ImportError} `not_found` when the workspace has no such job; `invalid_mapping` when `mapping` does not
 *   fit the headers (a missing `company` column is not an error here: the rows show it)
 * @example
 * const { headers, mapping, preview } = await inspectImport(db, { workspaceId, jobId });
 */
export async function inspectImport(
  db: Sql,
  options: { workspaceId: string; jobId: string; mapping?: ColumnMapping; previewRows?: number },
): Promise<ImportInspection> {
  const job = await getImportJob(db, options);
  if (!job) throw new ImportError('not_found', 'There is no such import in this workspace.');
  const mapping = options.mapping ?? (job.mapping as ColumnMapping | null) ?? suggestMapping(job.headers);
  checkMapping(mapping, job.headers, { requireCompany: false });
  const rows = [];
  if (job.status !== 'receiving') {
    const limit = options.previewRows ?? 10;
    for await (const record of readCsvRecords(db, job)) {
      if (rows.length >= limit) break;
      rows.push(rowToProspect(record.cells, record.line, mapping, job.headers));
    }
  }
  const lower = (values: Array<string | undefined>) =>
    values.filter((v): v is string => v !== undefined).map((v) => v.trim().toLowerCase());
  const existing = await findExistingContacts(db, job.workspace_id, {
    emails: lower(rows.map((r) => r.input?.contact_email ?? undefined)),
    domains: lower(rows.map((r) => r.input?.domain ?? undefined)),
  });
  const preview = rows.map((row) => {
    const email = row.input?.contact_email?.toLowerCase();
    const domain = row.input?.domain?.toLowerCase();
    const duplicate =
      (email !== undefined && existing.emails.has(email)) ||
      (domain !== undefined && existing.domains.has(domain));
    if (row.input) {
      if (email !== undefined) existing.emails.add(email);
      if (domain !== undefined) existing.domains.add(domain);
    }
    return {
      line: row.line,
      values: row.values,
      errors: row.issues.map((issue) => ({ field: issue.field, message: issue.message })),
      duplicate,
    };
  });
  return { job, headers: job.headers, delimiter: job.delimiter, mapping, preview };
}
