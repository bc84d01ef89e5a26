import { createCsvParser } from './csv-parser.js';
import { createLineCounter } from './line-counter.js';
import { createRecordChunker } from './record-chunks.js';

/**
 * The upload's one parse, run in the import thread (import-thread.ts): csv-parse over the file as it arrives, the
 * header row, then each data record with the lines it spans (`createLineCounter`, fed the same bytes in the same
 * order) into a {@link createRecordChunker}. csv-parse's own error (a quote never closed ...) is thrown by `end`.
 *
 * @param delimiter from `detectDelimiter` on the file's first bytes
 */
export function parseRecords(delimiter: string) {
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
      if (failure) throw failure;
      return { delimiter, headers: headers ?? [], records: chunker.records, chunks: chunker.end() };
    },
  };
}
