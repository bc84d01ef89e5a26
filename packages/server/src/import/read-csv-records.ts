import { Readable } from 'node:stream';
import type { Sql } from '../db/database.js';
import { readImportChunks } from '../store/import-file-chunks.js';
import { createCsvParser } from './csv-parser.js';

/** One data record of an import's file and the line it starts on (1 is the header). */
export interface CsvRecord {
  line: number;
  /** The line it ends on: later than `line` when a quoted field holds newlines. */
  endLine: number;
  cells: string[];
}

/**
 * The data records of a stored import file, streamed from its chunks through csv-parse with backpressure
 * (one chunk and one parser buffer in memory), the header row left out.
 *
 * @param options.skip data records to pass over first (a resumed job's `rows_done`). Default 0.
 */
export async function* readCsvRecords(
  db: Sql,
  job: { id: string; delimiter: string },
  options: { skip?: number } = {},
): AsyncGenerator<CsvRecord> {
  const parser = createCsvParser(job.delimiter);
  const source = Readable.from(readImportChunks(db, job.id), { objectMode: false });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let index = -1;
  const skip = options.skip ?? 0;
  try {
    for await (const { record, info, raw } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
      raw: string;
    }>) {
      index += 1;
      if (index === 0 || index <= skip) continue;
      const inner = raw.replace(/\r?\n$|\r$/, '');
      let breaks = 0;
      for (let i = inner.indexOf('\n'); i !== -1; i = inner.indexOf('\n', i + 1)) breaks += 1;
      const endLine = info.lines;
      yield { line: endLine - breaks, endLine, cells: record };
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
}
