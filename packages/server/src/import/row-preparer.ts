import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportRow, RowPlan } from './row-to-prospect.js';

/** A data row as the import writes it: its lines, and its prospect input or why it is rejected. */
export interface PreparedRow {
  /** The file line the row starts on (1 is the header). */
  line: number;
  /** The line it ends on. */
  endLine: number;
  /** The input to create, or `undefined` when `issues` is not empty. */
  input: ImportRow['input'];
  /** Why the row is rejected; empty when it is valid. */
  issues: ImportRow['issues'];
}

/** What the import thread is asked (see import-thread.ts). */
export type PrepareRequest =
  | {
      kind: 'records';
      data: Uint8Array;
      /** Records at the start of the chunk to leave out (a resumed job's, already committed). */
      skip: number;
      plan: RowPlan;
    }
  | { kind: 'csv-open'; session: number; delimiter: string; skip: number }
  | {
      kind: 'csv-feed';
      session: number;
      data: Uint8Array;
      plan: RowPlan;
    }
  | { kind: 'csv-end'; session: number; plan: RowPlan }
  /** The upload's one parse (parse-upload.ts), answered with chunks of records to store, and at the end the header row and count. */
  | { kind: 'upload-open'; session: number; delimiter: string }
  | { kind: 'upload-feed'; session: number; data: Uint8Array }
  | { kind: 'upload-end'; session: number }
  /** Forgets a session that will not be ended (an upload refused half-way, a run stopped), so a kept thread holds none. */
  | { kind: 'drop'; session: number };

/** The import's thread, seen from the upload and the runner; see {@link createRowPreparer}. */
export interface RowPreparer {
  /** Checks one stored chunk's records (from record `skip` of the chunk on) in the thread. */
  prepare(request: PrepareRequest): Promise<PreparedRow[]>;
  /**
   * Any request, answered with what the thread returns for it.
   *
   * @throws {Error} with the thread's `code` and `lines` (csv-parse's, for an upload that is not CSV)
   */
  request<T>(request: PrepareRequest): Promise<T>;
  /** A number for a new CSV session (a file uploaded by an older version). */
  nextSession(): number;
  /** Ends the thread; a later `prepare` starts a new one. */
  close(): Promise<void>;
}

/**
 * Where the thread's module is: `import-thread.js` beside this module's chunk in a build (dist/, or `.mjs` in the
 * tests' CLI bundle), else the TypeScript source, loaded through tsx (the repository's development dependency)
 * since Node 20's worker threads ignore a `--import` loader.
 */
function threadEntry(): { url: URL; source: boolean } {
  for (const name of ['./import-thread.js', './import-thread.mjs']) {
    const url = new URL(name, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return { url, source: false };
  }
  return { url: new URL('./import-thread.ts', import.meta.url), source: true };
}

/**
 * The thread's heap: a young generation of 4 MB (the default of 16-32 MB per semi-space is tuned for throughput,
 * and an import's rows die young) and an old one capped well above what a chunk's rows need, so the thread adds
 * little to the process's memory however large the file (docs/benchmarks.md, bench:import's memory step).
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 256 };

function startThread(): Worker {
  const entry = threadEntry();
  if (!entry.source) return new Worker(entry.url, { resourceLimits: RESOURCE_LIMITS });
  // tsx's ES module API (its CommonJS build cannot register the loader from a worker).
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  );
  return new Worker(
    `import(${JSON.stringify(api.href)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.url.href)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true, resourceLimits: RESOURCE_LIMITS },
  );
}

/**
 * A worker thread that turns an import's records into prospect inputs by the rules of `POST /prospects`, so a
 * runner's event loop (the API's, in `start`) only reads chunks and writes batches. Requests are answered in
 * order; the thread starts on the first request and is ended by `close()` (a crashed thread fails its pending
 * requests, and the next request starts a new one). Chunks are copied to the thread, never shared.
 *
 * @example
 * const preparer = createRowPreparer();
 * const rows = await preparer.prepare({ kind: 'records', data: chunk.data, skip: 0, plan });
 * await preparer.close();
 * @see docs/architecture.md, "The prospect import engine"
 */
export function createRowPreparer(): RowPreparer {
  let thread: Worker | undefined;
  let nextId = 0;
  let sessions = 0;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  const fail = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    thread = undefined;
  };
  const open = (): Worker => {
    if (thread) return thread;
    const started = startThread();
    started.on(
      'message',
      (message: {
        id: number;
        result?: unknown;
        error?: { message: string; code?: string; lines?: number };
      }) => {
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if (pending.size === 0) started.unref();
        const { error } = message;
        if (error)
          waiting.reject(
            Object.assign(new Error(`The import thread failed: ${error.message}`), {
              code: error.code,
              lines: error.lines,
            }),
          );
        else waiting.resolve(message.result);
      },
    );
    started.on('error', (error) => {
      if (thread === started) fail(error);
    });
    started.on('exit', (code) => {
      if (thread === started) fail(new Error(`The import thread stopped (exit code ${code}).`));
    });
    // An idle runner does not keep the process alive for its thread.
    started.unref();
    thread = started;
    return started;
  };
  const request = <T>(message: PrepareRequest): Promise<T> => {
    const worker = open();
    // Kept alive while it has work: a CLI on PGlite may have nothing else keeping the process up meanwhile.
    worker.ref();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage({ id, request: message });
    });
  };
  return {
    prepare: (message) => request<PreparedRow[]>(message),
    request,
    nextSession: () => ++sessions,
    async close() {
      const worker = thread;
      thread = undefined;
      if (worker) await worker.terminate();
      fail(new Error('The import thread was closed.'));
    },
  };
}

let processPreparer: RowPreparer | undefined;

/**
 * The process's import thread, shared by its uploads (`storeImportUpload`), its import runner and `runImportNow`:
 * one isolate, started on first use and kept (idle, it does not keep the process alive), so an upload or an import
 * adds no thread to a process that has imported before (docs/benchmarks.md, "Reading bench:import"). Its `close()`
 * does nothing; requests of different users interleave, each session its own.
 *
 * @example
 * const thread = processRowPreparer();
 * const session = thread.nextSession();
 * await thread.request({ kind: 'upload-open', session, delimiter: ',' });
 */
export function processRowPreparer(): RowPreparer {
  processPreparer ??= createRowPreparer();
  return { ...processPreparer, close: async () => {} };
}
