import { Readable } from 'node:stream';
import type { Sql } from '../db/database.js';
import { readImportChunks } from '../store/import-file-chunks.js';
import { createCsvParser } from './csv-parser.js';
import { createLineCounter } from './line-counter.js';

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
  const lines = createLineCounter();
  const source = Readable.from(
    (async function* () {
      for await (const chunk of readImportChunks(db, job.id)) {
        lines.feed(chunk);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let index = -1;
  const skip = options.skip ?? 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { bytes: number };
    }>) {
      index += 1;
      const span = lines.record(info.bytes);
      if (index === 0 || index <= skip) continue;
      yield { ...span, cells: record };
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
}
