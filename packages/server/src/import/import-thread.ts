// The import's worker thread: turns stored records into prospect inputs by the rules of `POST /prospects`
// (`rowToProspect`: the contract's schema, then core's normalizeProspectInput), off the event loop of the process
// that serves the API. Started by row-preparer.ts; it holds no database connection and writes nothing.
import { parentPort } from 'node:worker_threads';
import { createCsvParser } from './csv-parser.js';
import { createLineCounter } from './line-counter.js';
import { parseRecords } from './parse-upload.js';
import type { CsvRecord } from './read-csv-records.js';
import { decodeRecordChunk } from './record-chunks.js';
import type { PreparedRow, PrepareRequest } from './row-preparer.js';
import type { RowPlan } from './row-to-prospect.js';

// The row rules load the contract's validators (a few hundred ms): only a thread that checks rows pays for them,
// not one that parses an upload.
let rules: Promise<typeof import('./row-to-prospect.js')> | undefined;
const rowRules = () => {
  rules ??= import('./row-to-prospect.js');
  return rules;
};

const port = parentPort;
if (!port) throw new Error('import-thread.ts runs as a worker thread (see row-preparer.ts).');

/** The parses of uploads in progress. */
const uploads = new Map<number, ReturnType<typeof parseRecords>>();

/** The CSV sessions of uploads from older versions, parsed here chunk by chunk. */
const sessions = new Map<
  number,
  { take(): CsvRecord[]; feed(data: Uint8Array): Promise<void>; end(): Promise<void> }
>();

async function prepare(records: readonly CsvRecord[], plan: RowPlan): Promise<PreparedRow[]> {
  const { rowToProspect } = await rowRules();
  return records.map((record) => {
    const row = rowToProspect(record.cells, record.line, plan);
    return { line: row.line, endLine: record.endLine, input: row.input, issues: row.issues };
  });
}

function csvSession(delimiter: string, skip: number) {
  const parser = createCsvParser(delimiter);
  const lines = createLineCounter();
  let index = -1;
  let found: CsvRecord[] = [];
  let failure: Error | undefined;
  parser.on('data', ({ record, info }: { record: string[]; info: { bytes: number } }) => {
    index += 1;
    const span = lines.record(info.bytes);
    if (index === 0 || index <= skip) return;
    found.push({ ...span, cells: record });
  });
  parser.on('error', (error) => {
    failure = error;
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    take() {
      if (failure) throw failure;
      const out = found;
      found = [];
      return out;
    },
    async feed(data: Uint8Array) {
      lines.feed(data);
      parser.write(data);
      await settle();
    },
    async end() {
      await new Promise<void>((resolve) => {
        parser.once('end', resolve);
        parser.once('error', () => resolve());
        parser.end();
      });
    },
  };
}

async function handle(request: PrepareRequest): Promise<unknown> {
  switch (request.kind) {
    case 'upload-open':
      uploads.set(request.session, parseRecords(request.delimiter));
      return undefined;
    case 'upload-feed': {
      const upload = uploads.get(request.session);
      if (!upload) throw new Error(`No upload ${request.session}.`);
      await upload.write(request.data);
      return upload.takeChunks();
    }
    case 'upload-end': {
      const upload = uploads.get(request.session);
      if (!upload) throw new Error(`No upload ${request.session}.`);
      uploads.delete(request.session);
      return upload.end();
    }
    case 'records': {
      const records = decodeRecordChunk(request.data);
      return prepare(records.slice(request.skip), request.plan);
    }
    case 'drop':
      uploads.delete(request.session);
      sessions.delete(request.session);
      return undefined;
    case 'csv-open':
      sessions.set(request.session, csvSession(request.delimiter, request.skip));
      return [];
    case 'csv-feed': {
      const session = sessions.get(request.session);
      if (!session) throw new Error(`No CSV session ${request.session}.`);
      await session.feed(request.data);
      return prepare(session.take(), request.plan);
    }
    case 'csv-end': {
      const session = sessions.get(request.session);
      if (!session) return [];
      sessions.delete(request.session);
      await session.end();
      return prepare(session.take(), request.plan);
    }
  }
}

port.on('message', (message: { id: number; request: PrepareRequest }) => {
  handle(message.request).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error: Error & { code?: string; lines?: number }) =>
      port.postMessage({
        id: message.id,
        error: { message: error.message, code: error.code, lines: error.lines },
      }),
  );
});
