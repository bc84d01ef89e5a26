import type { CustomFieldType } from '@prospectkit/core';
import { ulid } from 'ulidx';
import type { Sql } from '../db/database.js';

/**
 * Where an import job is: `receiving` (its file is still arriving; never listed), `uploaded` (file stored,
 * waiting for the person to confirm the mapping), `queued`, `running`, `cancelling` (asked to stop; stops after
 * the batch in progress), and the ends `cancelled`, `succeeded`, `failed`.
 */
export type ImportJobStatus =
  | 'receiving'
  | 'uploaded'
  | 'queued'
  | 'running'
  | 'cancelling'
  | 'cancelled'
  | 'succeeded'
  | 'failed';

/**
 * What happens to a row that matches an existing prospect: `skip`, `create` anyway, or update it
 * (`update_fill_empty`, `update_overwrite`); see `DuplicateMode` (import/import-options.ts) and docs/importing.md.
 */
export type DuplicatePolicy = 'skip' | 'create' | 'update_fill_empty' | 'update_overwrite';

/** A custom field an import creates when it starts, from one column; see `NewFieldSpec` (import/import-options.ts). */
export interface StoredNewField {
  /** The column (0-based, in file order) the field is created from. */
  column: number;
  /** The field's key (`custom_fields.<key>`): lower-case letters, digits and `_`, starting with a letter. */
  key: string;
  /** Its name on the pages. */
  label: string;
  /** Its type, as the Fields page offers them. */
  type: CustomFieldType;
  /** The choices of a select field; omitted for the other types. */
  options?: string[];
}

/** One import job, as stored in `import_jobs` (migration 9). */
export interface ImportJob {
  /** `imp_` plus a ULID. */
  id: string;
  /** The workspace the job imports into (`ws_` plus a ULID). */
  workspace_id: string;
  /** The name the person gave the file when uploading it, shown in the job list. */
  file_name: string;
  /** The file's size in bytes. */
  byte_size: number;
  /** Where the job is; see {@link ImportJobStatus}. */
  status: ImportJobStatus;
  /** The detected field delimiter: `,`, `;` or a tab. */
  delimiter: string;
  /** The header row's names, in file order. */
  headers: string[];
  /** One target (a prospect field, `custom:<key>`, or `null`, ignored) per header column; `null` until started. */
  mapping: ReadonlyArray<string | null> | null;
  /** Rows that match an existing prospect: skip, create anyway, or update it (see `DuplicateMode`). Default `skip`. */
  duplicates: DuplicatePolicy;
  /** The custom fields the import created when it started (migration 20); `[]` when none. */
  new_fields: StoredNewField[];
  /**
   * Validate and count only, writing nothing: a dry run. Its counts say what would have happened ("would be
   * created / updated / skipped"), and every page and the CLI say it is one.
   */
  dry_run: boolean;
  /** Data rows in the file (the header not counted); `null` while unknown. */
  total_rows: number | null;
  /**
   * How the file is stored: `records`, parsed once at upload (migration 16), or `csv`, the bytes as uploaded by
   * an older version (parsed by the run).
   */
  file_format: 'records' | 'csv';
  /** Data rows handled so far (created, skipped or rejected), committed with their prospects. */
  rows_done: number;
  /** The file line the last handled row ended on (1 is the header). */
  last_line: number;
  /** Prospects created so far (on a dry run, the rows that would have been created). */
  created_count: number;
  /** Valid rows skipped so far as duplicates (with `duplicates` `skip`). */
  skipped_count: number;
  /** Existing prospects updated so far from duplicate rows (`update_fill_empty`, `update_overwrite`). */
  updated_count: number;
  /** The first and last file line of the batch that failed, when one did (the batches before it stay); else `null`. */
  failed_first_line: number | null;
  /** The last file line of that failed batch, when one did; else `null`. */
  failed_last_line: number | null;
  /** Rows rejected so far as invalid; each rejection's line and reason are in the job's report. */
  rejected_count: number;
  /** Why the job failed, for people; `null` unless `failed`. */
  failure: string | null;
  /** How many times a runner claimed the job. */
  attempts: number;
  /** Until when the runner that claimed the job holds it. */
  lease_until: Date | null;
  /** When the upload began. */
  created_at: Date;
  /** When a runner first claimed the job; `null` until then. */
  started_at: Date | null;
  /** When the job ended (`cancelled`, `succeeded` or `failed`); `null` until then. */
  finished_at: Date | null;
}

const NUMBERS = [
  'byte_size',
  'total_rows',
  'rows_done',
  'last_line',
  'created_count',
  'skipped_count',
  'updated_count',
  'rejected_count',
  'failed_first_line',
  'failed_last_line',
  'attempts',
] as const;

/** The row with numbers as numbers and JSON as values, whichever driver read it. */
export function toImportJob(row: Record<string, unknown>): ImportJob {
  const job = { ...row } as unknown as ImportJob & Record<string, unknown>;
  for (const key of NUMBERS) if (row[key] !== null) job[key] = Number(row[key]);
  for (const key of ['headers', 'mapping', 'new_fields'] as const)
    if (typeof row[key] === 'string') job[key] = JSON.parse(row[key] as string);
  return job;
}

/** Inserts a job in `receiving`, before its file's chunks. */
export async function insertImportJob(
  db: Sql,
  options: { workspaceId: string; fileName: string; now: Date },
): Promise<ImportJob> {
  const [row] = await db.query(
    `insert into import_jobs (id, workspace_id, file_name, status, created_at)
     values ($1, $2, $3, 'receiving', $4) returning *`,
    [`imp_${ulid(options.now.getTime())}`, options.workspaceId, options.fileName, options.now],
  );
  return toImportJob(row as Record<string, unknown>);
}

/** Marks a fully received file `uploaded`, with what reading it found. */
export async function completeImportUpload(
  db: Sql,
  jobId: string,
  file: { byteSize: number; delimiter: string; headers: string[]; totalRows: number },
): Promise<ImportJob> {
  const [row] = await db.query(
    `update import_jobs set status = 'uploaded', byte_size = $2, delimiter = $3, headers = $4::text::jsonb, total_rows = $5,
       file_format = 'records'
     where id = $1 returning *`,
    [jobId, file.byteSize, file.delimiter, JSON.stringify(file.headers), file.totalRows],
  );
  return toImportJob(row as Record<string, unknown>);
}

/** Deletes a job with its chunks and rejections. */
export async function deleteImportJob(db: Sql, jobId: string): Promise<void> {
  await db.query('delete from import_jobs where id = $1', [jobId]);
}

/**
 * One job of the workspace, or `undefined` (unknown and other-workspace ids look the same).
 *
 * @example
 * const job = await getImportJob(db, { workspaceId, jobId: 'imp_01J…' });
 */
export async function getImportJob(
  db: Sql,
  options: { workspaceId: string; jobId: string },
): Promise<ImportJob | undefined> {
  const [row] = await db.query(
    `select * from import_jobs where workspace_id = $1 and id = $2 and status <> 'receiving'`,
    [options.workspaceId, options.jobId],
  );
  return row ? toImportJob(row) : undefined;
}

/**
 * The workspace's jobs, newest first.
 *
 * @param options.limit at most this many. Default 20.
 * @example
 * const [latest] = await listImportJobs(db, { workspaceId, limit: 1 }); // undefined when the workspace has none
 */
export async function listImportJobs(
  db: Sql,
  options: { workspaceId: string; limit?: number },
): Promise<ImportJob[]> {
  const rows = await db.query(
    `select * from import_jobs where workspace_id = $1 and status <> 'receiving'
     order by created_at desc, id desc limit $2`,
    [options.workspaceId, options.limit ?? 20],
  );
  return rows.map(toImportJob);
}

/** Moves an `uploaded` job to `queued` with its settings; `undefined` when it is not `uploaded`. */
export async function queueImportJob(
  db: Sql,
  options: {
    workspaceId: string;
    jobId: string;
    mapping: ReadonlyArray<string | null>;
    duplicates: DuplicatePolicy;
    newFields: readonly StoredNewField[];
    dryRun: boolean;
  },
): Promise<ImportJob | undefined> {
  const [row] = await db.query(
    `update import_jobs set status = 'queued', mapping = $3::text::jsonb, duplicates = $4, dry_run = $5,
       new_fields = $6::text::jsonb
     where workspace_id = $1 and id = $2 and status = 'uploaded' returning *`,
    [
      options.workspaceId,
      options.jobId,
      JSON.stringify(options.mapping),
      options.duplicates,
      options.dryRun,
      JSON.stringify(options.newFields),
    ],
  );
  return row ? toImportJob(row) : undefined;
}

/**
 * Asks a job to stop: one that has not started (`uploaded`, `queued`) is cancelled at once, a `running` one
 * becomes `cancelling` and its runner stops after the batch in progress. Ended jobs are left as they are.
 */
export async function requestImportCancel(
  db: Sql,
  options: { workspaceId: string; jobId: string; now: Date },
): Promise<ImportJob | undefined> {
  const [row] = await db.query(
    `update import_jobs set
       status = case when status = 'running' then 'cancelling' else 'cancelled' end,
       finished_at = case when status = 'running' then null else $3::timestamptz end
     where workspace_id = $1 and id = $2 and status in ('uploaded', 'queued', 'running') returning *`,
    [options.workspaceId, options.jobId, options.now],
  );
  return row ? toImportJob(row) : getImportJob(db, options);
}
