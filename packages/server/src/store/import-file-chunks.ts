import type { Sql } from '../db/database.js';

/** Stores one chunk of an import's file (`seq` from 0). */
export async function insertImportChunk(
  db: Sql,
  jobId: string,
  seq: number,
  data: Uint8Array,
): Promise<void> {
  await db.query('insert into import_file_chunks (job_id, seq, data) values ($1, $2, $3)', [
    jobId,
    seq,
    Buffer.from(data.buffer, data.byteOffset, data.byteLength),
  ]);
}

/**
 * The import's file, chunk by chunk in order, one chunk in memory at a time.
 *
 * @example
 * for await (const chunk of readImportChunks(db, jobId)) parser.write(chunk);
 */
export async function* readImportChunks(db: Sql, jobId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq += 1) {
    const [row] = await db.query<{ data: Uint8Array }>(
      'select data from import_file_chunks where job_id = $1 and seq = $2',
      [jobId, seq],
    );
    if (!row) return;
    yield row.data;
  }
}
