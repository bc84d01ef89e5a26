import type { Sql } from '../db/database.js';
import { readImportChunks } from '../store/import-file-chunks.js';
import type { ImportJob } from '../store/import-jobs.js';
import type { PreparedRow, RowPreparer } from './row-preparer.js';
import type { RowPlan } from './row-to-prospect.js';

/**
 * A job's data rows from record `skip` on, checked in the import thread, one stored chunk at a time. The next
 * chunk is read and sent to the thread while the caller writes the rows of this one, so reading, checking and
 * writing overlap.
 *
 * @param skip data records already committed (the job's `rows_done`)
 * @returns the rows of each chunk, in file order
 */
export async function* preparedRows(
  db: Sql,
  job: Pick<ImportJob, 'id' | 'delimiter' | 'file_format'>,
  plan: RowPlan,
  preparer: RowPreparer,
  skip: number,
): AsyncGenerator<PreparedRow[]> {
  if (job.file_format === 'records') {
    const chunks = readImportChunks(db, job.id, { fromRecord: skip });
    const next = async (): Promise<PreparedRow[] | undefined> => {
      const { value: chunk, done } = await chunks.next();
      if (done) return undefined;
      const within = Math.max(0, skip - (chunk.firstRecord ?? 0));
      return preparer.prepare({ kind: 'records', data: chunk.data, skip: within, plan });
    };
    let coming = next();
    try {
      for (;;) {
        const rows = await coming;
        if (rows === undefined) return;
        coming = next();
        yield rows;
      }
    } finally {
      coming.catch(() => {});
      await chunks.return(undefined);
    }
  }
  // A file uploaded by an older version: its CSV bytes are parsed in the thread, in a session across chunks.
  const session = preparer.nextSession();
  try {
    await preparer.prepare({ kind: 'csv-open', session, delimiter: job.delimiter, skip });
    for await (const chunk of readImportChunks(db, job.id)) {
      yield await preparer.prepare({ kind: 'csv-feed', session, data: chunk.data, plan });
    }
    yield await preparer.prepare({ kind: 'csv-end', session, plan });
  } finally {
    // A run stopped half-way leaves nothing in the kept thread (csv-end has already forgotten a finished one).
    await preparer.request({ kind: 'drop', session }).catch(() => {});
  }
}
