import type { CsvRecord } from './read-csv-records.js';

/**
 * About how many characters of records make one stored chunk: under V8's large-object size, so a chunk's JSON is
 * garbage a young-generation collection reclaims (a larger string goes straight to the old generation, which is
 * collected far less often), and large enough that a 100 MB file is some 1,600 rows.
 */
export const RECORD_CHUNK_BYTES = 64 * 1024;

/** A chunk of parsed records ready to store; see {@link createRecordChunker}. */
export interface RecordChunk {
  /** A JSON array of records, each `[line, endLine, ...cells]`. */
  data: string;
  /** The 0-based number of its first data record in the file. */
  firstRecord: number;
}

/**
 * Groups an upload's data records, as the upload's one parse yields them, into chunks of about `chunkBytes` of
 * JSON (`[[line, endLine, ...cells], ...]`): what the import then reads, so the file is parsed once (JSON.parse
 * of a stored chunk is native and a fraction of csv-parse's cost), and a resumed job starts at the chunk holding
 * its next record.
 *
 * @param chunkBytes about how many bytes a chunk holds. Default {@link RECORD_CHUNK_BYTES}.
 * @example
 * const chunker = createRecordChunker();
 * chunker.add(record);
 * for (const chunk of chunker.takeFull()) await insertImportChunk(db, jobId, seq++, chunk.data, chunk.firstRecord);
 */
export function createRecordChunker(chunkBytes = RECORD_CHUNK_BYTES) {
  let parts: string[] = [];
  let size = 0;
  let first = 0;
  let count = 0;
  const ready: RecordChunk[] = [];
  const cut = () => {
    if (parts.length === 0) return;
    ready.push({ data: `[${parts.join(',')}]`, firstRecord: first });
    first = count;
    parts = [];
    size = 0;
  };
  return {
    /** Adds the next data record. */
    add(record: CsvRecord): void {
      const json = JSON.stringify([record.line, record.endLine, ...record.cells]);
      parts.push(json);
      // Characters, not bytes: close enough for a chunk's size, and free.
      size += json.length + 1;
      count += 1;
      if (size >= chunkBytes) cut();
    },
    /** The chunks filled so far, to store now (at most one chunk's records are held besides). */
    takeFull(): RecordChunk[] {
      return ready.splice(0);
    },
    /** The last chunks, at the end of the file. */
    end(): RecordChunk[] {
      cut();
      return ready.splice(0);
    },
    /** Data records added. */
    get records(): number {
      return count;
    },
  };
}

/**
 * The records of a stored chunk of parsed records.
 *
 * @throws {SyntaxError} when the chunk is not such a chunk
 */
export function decodeRecordChunk(data: Uint8Array): CsvRecord[] {
  const rows = JSON.parse(
    Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8'),
  ) as Array<[number, number, ...string[]]>;
  return rows.map(([line, endLine, ...cells]) => ({ line, endLine, cells }));
}
