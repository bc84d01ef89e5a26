import type { Sql } from '../db/database.js';
import { getImportJob, type ImportJob } from '../store/import-jobs.js';
import { readImportRejections } from '../store/import-rejections.js';
import { csvCell as cell } from './csv-cell.js';
import { ImportError } from './import-error.js';

/**
 * The job's status and counts in one sentence, e.g. `succeeded: 125 rows read of 125; 118 created, 2 updated, 3
 * skipped as duplicates, 2 rejected.`; a dry run says so and what would have happened: `succeeded (dry run,
 * nothing was written): 125 rows read of 125; 118 would be created, 2 would be updated, 3 would be skipped as
 * duplicates, 2 would be rejected.`
 *
 * @param job the job as stored (`getImportJob`), at any status; its `failure`, when set, ends the sentence
 * @returns one line of text, without a line break
 * @example
 * const job = await getImportJob(db, { workspaceId, jobId });
 * if (job) console.log(importSummary(job)); // succeeded: 3 rows read of 3; 2 created, 0 updated, 0 skipped as duplicates, 1 rejected.
 */
export function importSummary(job: ImportJob): string {
  const would = job.dry_run ? 'would be ' : '';
  const status = job.dry_run ? `${job.status} (dry run, nothing was written)` : job.status;
  const of = job.total_rows === null ? '' : ` of ${job.total_rows}`;
  const failure = job.failure ? ` ${job.failure}` : '';
  return `${status}: ${job.rows_done} rows read${of}; ${job.created_count} ${would}created, ${job.updated_count} ${would}updated, ${job.skipped_count} ${would}skipped as duplicates, ${job.rejected_count} ${would}rejected.${failure}`;
}

/**
 * The import's report as CSV, streamed: a `line,column,reason,outcome,prospect_id` header, one row per rejected
 * row or cell, skipped row (with the prospect it duplicates) and updated row (with the prospect it updated), in
 * line order, and a last row whose reason is the summary ({@link importSummary}). With the created rows, these
 * account for every line of the file (docs/importing.md, "The report").
 *
 * @throws {ImportError} `not_found` (from the first step of the iteration, before any text) when the workspace has
 *   no such job
 * @example
 * for await (const text of importReportCsv(db, { workspaceId, jobId })) res.write(text);
 */
export async function* importReportCsv(
  db: Sql,
  options: { workspaceId: string; jobId: string },
): AsyncGenerator<string> {
  const job = await getImportJob(db, options);
  if (!job) throw new ImportError('not_found', 'There is no such import in this workspace.');
  yield 'line,column,reason,outcome,prospect_id\r\n';
  let lines: string[] = [];
  for await (const r of readImportRejections(db, job.id)) {
    lines.push(
      `${r.line},${cell(r.column_name)},${cell(r.reason)},${r.outcome ?? 'rejected'},${cell(r.prospect_id ?? null)}\r\n`,
    );
    if (lines.length >= 500) {
      yield lines.join('');
      lines = [];
    }
  }
  yield `${lines.join('')},,${cell(`Summary: ${importSummary(job)}`)},,\r\n`;
}
