import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Command, Option } from 'commander';
import { loadConfig } from '../config.js';
import {
  cancelImport,
  ImportError,
  type ImportJob,
  type ImportRejection,
  importSummary,
  inspectImport,
  runImportNow,
  startImport,
  storeImportUpload,
} from '../import/index.js';
import { readImportRejections } from '../store/import-rejections.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { createImportProgress } from './import-progress.js';
import { note, output } from './output.js';
import { pickWorkspace } from './pick-workspace.js';
import { withDatabase } from './with-database.js';

/** Rejections listed in the text output; `--json` lists all. */
const SHOWN_REJECTIONS = 20;

interface ImportOptions {
  workspace?: string;
  duplicates: 'skip' | 'create';
  dryRun?: boolean;
  json?: boolean;
}

/**
 * `prospects import FILE [--workspace ID] [--duplicates skip|create] [--dry-run] [--json]`: imports a CSV file
 * with the import engine, run in this process (a running server's runner may take part). The columns are mapped
 * as the import page suggests. Exit status 0 when every row was created or skipped as a duplicate, 2 when some
 * were rejected or the input is wrong (no such file, a missing or unknown `--workspace`), 1 when the import
 * failed (refused file, no company column, cancelled by Ctrl-C, ...).
 *
 * @see packages/server/README.md, "CLI" and "Importing prospects"
 */
export function registerProspects(program: Command): void {
  const prospects = program.command('prospects').description('Work with prospects');
  prospects
    .command('import <file>')
    .description('Import prospects from a CSV file (UTF-8; comma, semicolon or tab)')
    .option('--workspace <id>', 'the workspace (default: the only one)')
    .addOption(
      new Option('--duplicates <policy>', 'rows whose contact email or domain already exists')
        .choices(['skip', 'create'])
        .default('skip'),
    )
    .option('--dry-run', 'check and count the rows without creating any')
    .option('--json', 'print the report as JSON')
    .action(async (file: string, o: ImportOptions) => {
      try {
        const job = await withDatabase((db) => importFile(db, file, o));
        process.exitCode = job.status === 'succeeded' ? (job.rejected_count > 0 ? 2 : 0) : 1;
      } catch (error) {
        const known = error instanceof ImportError || error instanceof CliError;
        note(
          `prospectkit-server: ${known ? (error as Error).message : `unexpected error: ${(error as Error).message}`}`,
        );
        // Wrong input (no such file or workspace) is 2, as for every command; a refused file or a failed run is 1.
        process.exitCode = error instanceof CliError ? 2 : 1;
      }
    });
}

async function importFile(
  db: Parameters<Parameters<typeof withDatabase>[0]>[0],
  file: string,
  o: ImportOptions,
): Promise<ImportJob> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new CliError(`No file ${file}.`);
  const workspaceId = await pickWorkspace(db, o.workspace);
  const { importMaxBytes, importShape } = loadConfig(process.env, { serving: false });
  const uploaded = await storeImportUpload(db, {
    workspaceId,
    fileName: basename(file),
    source: createReadStream(file),
    maxBytes: importMaxBytes,
    shape: importShape,
  });
  const { mapping, headers } = await inspectImport(db, { workspaceId, jobId: uploaded.id, previewRows: 0 });
  if (!o.json) {
    const pairs = headers.map((h, i) => `${h} → ${mapping[i] ?? '(ignored)'}`).join(', ');
    note(`Columns: ${pairs}`);
  }
  await startImport(db, {
    workspaceId,
    jobId: uploaded.id,
    mapping,
    duplicates: o.duplicates,
    dryRun: o.dryRun === true,
  });
  const progress = createImportProgress({ stream: process.stderr });
  const onSignal = () => void cancelImport(db, { workspaceId, jobId: uploaded.id });
  process.once('SIGINT', onSignal);
  let job: ImportJob;
  try {
    job = await runImportNow(db, { workspaceId, jobId: uploaded.id, onProgress: (j) => progress.update(j) });
  } finally {
    process.off('SIGINT', onSignal);
    progress.stop();
  }
  const rejections: ImportRejection[] = [];
  for await (const r of readImportRejections(db, job.id)) {
    if (!o.json && rejections.length >= SHOWN_REJECTIONS) break;
    rejections.push(r);
  }
  if (o.json) {
    output(true, { job, summary: importSummary(job), rejections }, '');
    return job;
  }
  output(false, job, `Import ${job.id} ${importSummary(job)}`);
  if (job.status === 'cancelled') console.log('Cancelled: the prospects created before it stopped stay.');
  if (rejections.length > 0) {
    console.log(
      formatTable({
        head: ['line', 'column', 'reason'],
        rows: rejections.map((r) => [String(r.line), r.column_name ?? '', r.reason]),
      }),
    );
    if (rejections.length === SHOWN_REJECTIONS)
      console.log(`Showing the first ${SHOWN_REJECTIONS} rejections; --json lists them all.`);
  }
  return job;
}
