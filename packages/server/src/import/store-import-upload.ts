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
import { createCsvShapeCheck, type ImportShapeLimits } from './csv-shape-limits.js';
import { detectDelimiter } from './detect-delimiter.js';
import { ImportError } from './import-error.js';
import type { RecordChunk } from './record-chunks.js';
import { processRowPreparer, type RowPreparer } from './row-preparer.js';
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
  /** The largest shape: columns, field and row bytes (`PROSPECTKIT_IMPORT_MAX_*`). Default `DEFAULT_IMPORT_SHAPE_LIMITS`. */
  shape?: Readonly<ImportShapeLimits> | undefined;
  /** Default: the system clock. */
  clock?: Clock;
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/**
 * Streams an uploaded CSV file into the database, checking it on the way with about one chunk in memory: its
 * size, that it is text (no NUL byte) in UTF-8, its shape (columns, field and row sizes, `createCsvShapeCheck`,
 * checked here before the parser builds a row of them), that its quoting closes, and that it has a header row. This is
 * the file's one parse: its records are stored parsed (`import_file_chunks`, about 64 KiB of records a row,
 * `record-chunks.ts`) and counted, so the import itself reads them without parsing CSV again. Reading stops at
 * the first byte over `maxBytes`.
 *
 * @returns the job, `uploaded`, with `headers`, `delimiter` and `total_rows`
 * @throws {ImportError} `too_large`, `empty`, `not_csv` (binary data, or a quoted field never closed, with its
 *   line), `invalid_utf8` (the whole file is refused, naming the first bad line), `no_header`, or
 *   `too_many_columns`, `field_too_large`, `row_too_large` (with the line and the limit); nothing is kept
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
  // The parse runs in the process's import thread: this event loop (the API's, for an upload from the app) only
  // checks the bytes as they come and stores the chunks of records the thread hands back.
  const thread = processRowPreparer();
  const session = thread.nextSession();
  try {
    return await receiveInto(db, jobId, options, thread, session);
  } catch (error) {
    await thread.request({ kind: 'drop', session }).catch(() => {});
    throw error;
  }
}

async function receiveInto(
  db: Sql,
  jobId: string,
  options: StoreImportUploadOptions,
  thread: RowPreparer,
  session: number,
) {
  const utf8 = createUtf8Scan();
  let byteSize = 0;
  let line = 1;
  let seq = 0;
  let delimiter: string | undefined;
  let shape: ReturnType<typeof createCsvShapeCheck> | undefined;
  const store = async (chunks: RecordChunk[]) => {
    for (const chunk of chunks) {
      await insertImportChunk(db, jobId, seq, chunk.data, chunk.firstRecord);
      seq += 1;
    }
  };
  const parse = async (data: Uint8Array) => {
    if (delimiter === undefined) {
      delimiter = detectDelimiter(new TextDecoder().decode(data));
      shape = createCsvShapeCheck(delimiter, options.shape);
      await thread.request({ kind: 'upload-open', session, delimiter });
    }
    shape?.push(data);
    await store(await thread.request<RecordChunk[]>({ kind: 'upload-feed', session, data }));
  };
  // The delimiter is guessed from the first SAMPLE_BYTES, so the parse starts once they have arrived.
  const sample: Uint8Array[] = [];
  let sampled = 0;
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
    if (sampled >= SAMPLE_BYTES) await parse(piece);
    else {
      sample.push(piece);
      sampled += piece.length;
      if (sampled >= SAMPLE_BYTES) await parse(Buffer.concat(sample.splice(0)));
    }
  }
  if (utf8.endsInsideCharacter()) throw invalidUtf8(line);
  await parse(Buffer.concat(sample.splice(0)));
  let parsed: { headers: string[]; records: number; chunks: RecordChunk[] };
  try {
    parsed = await thread.request({ kind: 'upload-end', session });
  } catch (error) {
    throw notCsv(error as Error & { code?: string; lines?: number });
  }
  if (byteSize === 0)
    throw new ImportError(
      'empty',
      'The file is empty. Choose a CSV file with a header row and at least one row of prospects.',
    );
  if (parsed.headers.every((h) => h.trim() === '')) {
    throw new ImportError(
      'no_header',
      'The file has no header row: its first line must name the columns (such as Company, Email, Website).',
    );
  }
  await store(parsed.chunks);
  return { byteSize, delimiter: delimiter as string, headers: parsed.headers, totalRows: parsed.records };
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
