import type { Readable } from 'node:stream';
import { type Clock, systemClock } from '../clock.js';
import type { Sql } from '../db/database.js';
import { insertImportChunk } from '../store/import-file-chunks.js';
import {
  completeImportUpload,
  deleteImportJob,
  type ImportJob,
  insertImportJob,
} from '../store/import-jobs.js';
import { createCsvParser } from './csv-parser.js';
import { detectDelimiter } from './detect-delimiter.js';
import { ImportError } from './import-error.js';
import { createLineCounter } from './line-counter.js';
import { createRecordChunker, type RecordChunk } from './record-chunks.js';
import { createUtf8Scan } from './utf8-scan.js';

/** Bytes read before the delimiter is guessed. */
const SAMPLE_BYTES = 16 * 1024;

/** Options of {@link storeImportUpload}. */
export interface StoreImportUploadOptions {
  /** The workspace to import into; the job belongs to it. */
  workspaceId: string;
  /** The name the person gave the file, shown in the job list. */
  fileName: string;
  /** The file's bytes: a request, a file stream, or any async iterable of byte pieces. */
  source: Readable | AsyncIterable<Uint8Array>;
  /** The largest accepted file, in bytes (`PROSPECTKIT_IMPORT_MAX_BYTES`, 50 MiB by default). */
  maxBytes: number;
  /** Default: the system clock. */
  clock?: Clock;
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/**
 * Streams an uploaded CSV file into the database, checking it on the way with about one chunk in memory: its
 * size, that it is text (no NUL byte) in UTF-8, that its quoting closes, and that it has a header row. This is
 * the file's one parse: its records are stored parsed (`import_file_chunks`, about 1 MiB of records a row,
 * `record-chunks.ts`) and counted, so the import itself reads them without parsing CSV again. Reading stops at
 * the first byte over `maxBytes`.
 *
 * @returns the job, `uploaded`, with `headers`, `delimiter` and `total_rows`
 * @throws {ImportError} `too_large`, `empty`, `not_csv` (binary data, or a quoted field never closed, with its
 *   line), `invalid_utf8` (the whole file is refused, naming the first bad line) or `no_header`; nothing is kept
 * @example
 * const job = await storeImportUpload(db, { workspaceId, fileName: 'leads.csv', source: createReadStream(path), maxBytes: 50 * 1024 * 1024 });
 * @see packages/server/README.md, "Importing prospects"
 */
export async function storeImportUpload(db: Sql, options: StoreImportUploadOptions): Promise<ImportJob> {
  const job = await insertImportJob(db, {
    workspaceId: options.workspaceId,
    fileName: options.fileName,
    now: (options.clock ?? systemClock).now(),
  });
  try {
    const file = await receive(db, job.id, options);
    return await completeImportUpload(db, job.id, file);
  } catch (error) {
    await deleteImportJob(db, job.id);
    throw error;
  }
}

async function receive(db: Sql, jobId: string, options: StoreImportUploadOptions) {
  const utf8 = createUtf8Scan();
  let byteSize = 0;
  let line = 1;
  let seq = 0;
  const store = async (chunks: RecordChunk[]) => {
    for (const chunk of chunks) {
      await insertImportChunk(db, jobId, seq, chunk.data, chunk.firstRecord);
      seq += 1;
    }
  };
  let parser: ReturnType<typeof parseRecords> | undefined;
  const sample: Uint8Array[] = [];
  for await (const raw of options.source) {
    const piece = typeof raw === 'string' ? Buffer.from(raw) : (raw as Uint8Array);
    byteSize += piece.length;
    if (byteSize > options.maxBytes) {
      throw new ImportError(
        'too_large',
        `The file is larger than the ${mib(options.maxBytes)} an import accepts. Split it into smaller files and import each.`,
      );
    }
    if (piece.indexOf(0) !== -1) {
      throw new ImportError(
        'not_csv',
        'The file is not a CSV text file: it holds binary data (an image, a spreadsheet or an archive?). Export it as CSV (UTF-8) and upload that.',
      );
    }
    const invalidAt = utf8.push(piece);
    if (invalidAt >= 0) throw invalidUtf8(line + newlines(piece.subarray(0, invalidAt)));
    line += newlines(piece);
    if (parser) await parser.write(piece);
    else {
      sample.push(piece);
      if (byteSize >= SAMPLE_BYTES) parser = parseRecords(Buffer.concat(sample.splice(0)));
    }
    if (parser) await store(parser.takeChunks());
  }
  if (utf8.endsInsideCharacter()) throw invalidUtf8(line);
  parser ??= parseRecords(Buffer.concat(sample));
  const { delimiter, headers, records, chunks } = await parser.end();
  if (byteSize === 0)
    throw new ImportError(
      'empty',
      'The file is empty. Choose a CSV file with a header row and at least one row of prospects.',
    );
  if (headers.every((h) => h.trim() === '')) {
    throw new ImportError(
      'no_header',
      'The file has no header row: its first line must name the columns (such as Company, Email, Website).',
    );
  }
  await store(chunks);
  return { byteSize, delimiter, headers, totalRows: records };
}

function invalidUtf8(line: number): ImportError {
  return new ImportError(
    'invalid_utf8',
    `The file is not valid UTF-8 (first bad byte on line ${line}), so none of it was imported. Save it as "CSV UTF-8" and upload it again.`,
  );
}

function newlines(bytes: Uint8Array): number {
  let count = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) count += 1;
  return count;
}

/**
 * Runs the engine's parser over the file as it arrives: the header row, then each data record with the lines it
 * spans (`createLineCounter`, fed the same bytes in the same order) into a {@link createRecordChunker}.
 */
function parseRecords(sample: Uint8Array) {
  const delimiter = detectDelimiter(new TextDecoder().decode(sample));
  const parser = createCsvParser(delimiter);
  const lines = createLineCounter();
  const chunker = createRecordChunker();
  let headers: string[] | undefined;
  let failure: Error | undefined;
  parser.on('data', ({ record, info }: { record: string[]; info: { bytes: number } }) => {
    const span = lines.record(info.bytes);
    if (headers === undefined) headers = record;
    else chunker.add({ ...span, cells: record });
  });
  parser.on('error', (error) => {
    failure = error;
  });
  const done = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', () => resolve());
  });
  const feed = (piece: Uint8Array) => {
    lines.feed(piece);
    return parser.write(piece);
  };
  feed(sample);
  return {
    /** Resolves once the parser can take more, so a fast source never piles up in its buffer. */
    async write(piece: Uint8Array) {
      if (failure || feed(piece)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          parser.off('drain', done);
          parser.off('error', done);
          resolve();
        };
        parser.on('drain', done);
        parser.on('error', done);
      });
    },
    /** The chunks of records filled so far, to store. */
    takeChunks: () => chunker.takeFull(),
    async end() {
      parser.end();
      await done;
      if (failure) throw notCsv(failure);
      return { delimiter, headers: headers ?? [], records: chunker.records, chunks: chunker.end() };
    },
  };
}

function notCsv(error: Error & { code?: string; lines?: number }): ImportError {
  const where = error.lines !== undefined ? ` on line ${error.lines}` : '';
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return new ImportError(
      'not_csv',
      `The file could not be read as CSV: a quoted field${where} is never closed. Check its quotes (") and upload it again.`,
    );
  }
  return new ImportError(
    'not_csv',
    `The file could not be read as CSV${where}. Export it as CSV (UTF-8) and upload that.`,
  );
}
