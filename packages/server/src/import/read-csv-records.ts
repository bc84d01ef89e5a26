import { Readable } from 'node:stream';
import type { Sql } from '../db/database.js';
import { readImportChunks } from '../store/import-file-chunks.js';
import { createCsvParser } from './csv-parser.js';
import { createLineCounter } from './line-counter.js';
import { decodeRecordChunk } from './record-chunks.js';

/** One data record of an import's file and the line it starts on (1 is the header). */
export interface CsvRecord {
  line: number;
  /** The line it ends on: later than `line` when a quoted field holds newlines. */
  endLine: number;
  cells: string[];
}

/**
 * The data records of a stored import file, the header row left out, one chunk in memory at a time: decoded
 * from the records parsed at upload (`file_format` `records`), or, for a file uploaded by an older version
 * (`csv`), parsed from its bytes through csv-parse with backpressure.
 *
 * @param options.skip data records to pass over first (a resumed job's `rows_done`). Default 0.
 */
export async function* readCsvRecords(
  db: Sql,
  job: { id: string; delimiter: string; file_format?: 'records' | 'csv' },
  options: { skip?: number } = {},
): AsyncGenerator<CsvRecord> {
  const skip = options.skip ?? 0;
  if (job.file_format === 'records') {
    for await (const chunk of readImportChunks(db, job.id, { fromRecord: skip })) {
      const records = decodeRecordChunk(chunk.data);
      const from = Math.max(0, skip - (chunk.firstRecord ?? 0));
      for (let i = from; i < records.length; i += 1) yield records[i] as CsvRecord;
    }
    return;
  }
  yield* parseCsvChunks(db, job, skip);
}

async function* parseCsvChunks(db: Sql, job: { id: string; delimiter: string }, skip: number) {
  const parser = createCsvParser(job.delimiter);
  const lines = createLineCounter();
  const source = Readable.from(
    (async function* () {
      for await (const chunk of readImportChunks(db, job.id)) {
        lines.feed(chunk.data);
        yield chunk.data;
      }
    })(),
    { objectMode: false },
  );
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let index = -1;
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
