import type { Sql } from '../db/database.js';

/**
 * Stores one chunk of an import's file (`seq` from 0): CSV bytes (an upload of an older version), or, since
 * migration 16, a JSON array of parsed records whose first is data record number `firstRecord` (0-based).
 */
export async function insertImportChunk(
  db: Sql,
  jobId: string,
  seq: number,
  data: Uint8Array | string,
  firstRecord: number | null = null,
): Promise<void> {
  // Text (a chunk of records' JSON) is sent as it is and stored as its UTF-8 bytes by the database: a bytea
  // parameter would travel as hex, twice the bytes, built in this process's memory first.
  const text = typeof data === 'string';
  await db.query(
    `insert into import_file_chunks (job_id, seq, data, first_record) values ($1, $2, ${text ? "convert_to($3::text, 'UTF8')" : '$3'}, $4)`,
    [jobId, seq, text ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength), firstRecord],
  );
}

/** One stored chunk: its bytes and, for parsed records, the number of its first data record. */
export interface ImportChunk {
  data: Uint8Array;
  /** The 0-based number of the chunk's first data record; `null` for a chunk of CSV bytes. */
  firstRecord: number | null;
}

/**
 * The import's file, chunk by chunk in order, one chunk in memory at a time.
 *
 * @param options.fromRecord start at the chunk that holds this data record (0-based); chunks of records only, a
 *   resumed job skipping what it already committed. Default: the first chunk.
 * @example
 * for await (const chunk of readImportChunks(db, jobId)) parser.write(chunk.data);
 */
export async function* readImportChunks(
  db: Sql,
  jobId: string,
  options: { fromRecord?: number } = {},
): AsyncGenerator<ImportChunk> {
  let seq = 0;
  if (options.fromRecord) {
    const [start] = await db.query<{ seq: number }>(
      'select max(seq) as seq from import_file_chunks where job_id = $1 and first_record <= $2',
      [jobId, options.fromRecord],
    );
    seq = Number(start?.seq ?? 0);
  }
  for (; ; seq += 1) {
    const [row] = await db.query<{ data: Uint8Array; first_record: number | null }>(
      'select data, first_record from import_file_chunks where job_id = $1 and seq = $2',
      [jobId, seq],
    );
    if (!row) return;
    yield { data: row.data, firstRecord: row.first_record === null ? null : Number(row.first_record) };
  }
}
