import type { Sql } from '../db/database.js';

/**
 * A line of an import's report (migration 20): a row the import rejected, skipped as a duplicate, or used to
 * update an existing prospect, and why.
 */
export interface ImportRejection {
  /** The file line the row starts on (1 is the header). */
  line: number;
  /** The header of the column at fault, or `null` for the row as a whole. */
  column_name: string | null;
  /** Why, for people. */
  reason: string;
  /** What happened to the row: `rejected` (invalid), `skipped` (a duplicate) or `updated` (it updated a prospect). Default `rejected`. */
  outcome?: 'rejected' | 'skipped' | 'updated';
  /** The prospect a skipped or updated row matched; `null` for a rejected row. */
  prospect_id?: string | null;
}

/** Inserts one batch's rejections, in the batch's transaction. */
export async function insertImportRejections(
  tx: Sql,
  jobId: string,
  rejections: readonly ImportRejection[],
): Promise<void> {
  if (rejections.length === 0) return;
  await tx.query(
    `insert into import_rejections (job_id, line, column_name, reason, outcome, prospect_id)
     select $1, r.line, r.column_name, r.reason, coalesce(r.outcome, 'rejected'), r.prospect_id
     from json_to_recordset($2::text::json)
       as r(line int, column_name text, reason text, outcome text, prospect_id text)`,
    [jobId, JSON.stringify(rejections)],
  );
}

/**
 * The job's rejections in line order, one page at a time, so a report of any size streams.
 *
 * @param pageSize rows per query. Default 1000.
 */
export async function* readImportRejections(
  db: Sql,
  jobId: string,
  pageSize = 1000,
): AsyncGenerator<ImportRejection> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await db.query<ImportRejection & Record<string, unknown>>(
      `select line, column_name, reason, outcome, prospect_id from import_rejections where job_id = $1
       order by line, column_name nulls first, reason limit $2 offset $3`,
      [jobId, pageSize, offset],
    );
    yield* rows;
    if (rows.length < pageSize) return;
  }
}
