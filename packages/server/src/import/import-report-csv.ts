import type { Sql } from '../db/database.js';
import { getImportJob, type ImportJob } from '../store/import-jobs.js';
import { readImportRejections } from '../store/import-rejections.js';
import { csvCell as cell } from './csv-cell.js';
import { ImportError } from './import-error.js';

/**
 * The job's status and counts in one sentence, e.g. `succeeded: 125 rows read of 125; 120 created, 3 skipped as
 * duplicates, 2 rejected.`
 */
export function importSummary(job: ImportJob): string {
  const verb = job.dry_run ? 'would be created' : 'created';
  const of = job.total_rows === null ? '' : ` of ${job.total_rows}`;
  const failure = job.failure ? ` ${job.failure}` : '';
  return `${job.status}: ${job.rows_done} rows read${of}; ${job.created_count} ${verb}, ${job.skipped_count} skipped as duplicates, ${job.rejected_count} rejected.${failure}`;
}

/**
 * The import's report as CSV, streamed: a `line,column,reason` header, one row per rejected row or cell in line
 * order, and a last row whose reason is the summary ({@link importSummary}).
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
  yield 'line,column,reason\r\n';
  let lines: string[] = [];
  for await (const r of readImportRejections(db, job.id)) {
    lines.push(`${r.line},${cell(r.column_name)},${cell(r.reason)}\r\n`);
    if (lines.length >= 500) {
      yield lines.join('');
      lines = [];
    }
  }
  yield `${lines.join('')},,${cell(`Summary: ${importSummary(job)}`)}\r\n`;
}
