import { Readable } from 'node:stream';
import pino from 'pino';
import type { Database } from '../src/db/database.js';
import {
  type ColumnMapping,
  createImportRunner,
  type DuplicatePolicy,
  getImportJob,
  type ImportJob,
  inspectImport,
  type NewFieldSpec,
  startImport,
  storeImportUpload,
} from '../src/import/index.js';

/** Uploads `content` (text, bytes, or pieces of bytes) as an import's file. */
export function upload(
  db: Database,
  workspaceId: string,
  content: string | Uint8Array | Uint8Array[] | AsyncIterable<Uint8Array>,
  maxBytes = 1024 * 1024,
): Promise<ImportJob> {
  const source =
    Symbol.asyncIterator in Object(content)
      ? (content as AsyncIterable<Uint8Array>)
      : Readable.from(
          Array.isArray(content)
            ? content
            : [typeof content === 'string' ? Buffer.from(content) : (content as Uint8Array)],
        );
  return storeImportUpload(db, { workspaceId, fileName: 'test.csv', source, maxBytes });
}

export const quietLogger = pino({ level: 'silent' });

/** Uploads, starts with the suggested (or given) mapping, and runs the job to its end with one runner. */
export async function importCsv(
  db: Database,
  workspaceId: string,
  csv: string,
  options: {
    duplicates?: DuplicatePolicy;
    mapping?: ColumnMapping;
    newFields?: NewFieldSpec[];
    dryRun?: boolean;
    batchSize?: number;
  } = {},
): Promise<ImportJob> {
  const job = await upload(db, workspaceId, csv);
  const { mapping } = await inspectImport(db, { workspaceId, jobId: job.id });
  await startImport(db, {
    workspaceId,
    jobId: job.id,
    mapping: options.mapping ?? mapping,
    duplicates: options.duplicates ?? 'skip',
    newFields: options.newFields ?? [],
    dryRun: options.dryRun ?? false,
  });
  const runner = createImportRunner({ db, logger: quietLogger, batchSize: options.batchSize ?? 500 });
  await runner.runOnce();
  return (await getImportJob(db, { workspaceId, jobId: job.id })) as ImportJob;
}

/** The workspace's prospects' companies, oldest first. */
export async function companies(db: Database, workspaceId: string): Promise<string[]> {
  const rows = await db.query<{ company: string }>(
    'select company from prospects where workspace_id = $1 order by created_at, id',
    [workspaceId],
  );
  return rows.map((r) => r.company);
}
