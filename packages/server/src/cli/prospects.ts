import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Command, Option } from 'commander';
import { loadConfig } from '../config.js';
import {
  cancelImport,
  describeMappingProblems,
  ImportError,
  type ImportJob,
  type ImportRejection,
  importSummary,
  inspectImport,
  runImportNow,
  startImport,
  storeImportUpload,
  unmappedColumns,
} from '../import/index.js';
import { listCustomFields } from '../store/custom-fields.js';
import { readImportRejections } from '../store/import-rejections.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import {
  applyMapOptions,
  createFieldsForUnmapped,
  DUPLICATES_CHOICES,
  type MappingFile,
  readMappingFile,
} from './import-mapping-options.js';
import { createImportProgress } from './import-progress.js';
import { note, output } from './output.js';
import { pickWorkspace } from './pick-workspace.js';
import { withDatabase } from './with-database.js';

/** Report lines (rejected, skipped, updated rows) listed in the text output; `--json` lists all. */
const SHOWN_REPORT_LINES = 20;

interface ImportOptions {
  workspace?: string;
  duplicates?: string;
  map: string[];
  mapping?: string;
  createFields?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * `prospects import FILE [--workspace ID] [--map "A+B=field"]... [--mapping FILE.json] [--create-fields]
 * [--duplicates skip|create|update|overwrite] [--dry-run] [--json]`: imports a CSV file with the import engine,
 * run in this process (a running server's runner may take part). The columns are mapped as the import page
 * suggests (or as remembered for these headers), then as `--mapping` and `--map` say; `--create-fields` makes
 * every column still unmapped a custom field. The columns that will not be imported are printed. Exit status 0
 * when every row was created, updated or skipped as a duplicate, 2 when some were rejected or the input is wrong
 * (no such file, unknown `--workspace`, a `--map` or mapping file naming unknown headers or fields, a mapping
 * the import refuses), 1 when the import failed (refused file, cancelled by Ctrl-C, ...).
 *
 * @see docs/importing.md; packages/server/README.md, "CLI"
 */
export function registerProspects(program: Command): void {
  const prospects = program.command('prospects').description('Work with prospects');
  prospects
    .command('import <file>')
    .description('Import prospects from a CSV file (UTF-8; comma, semicolon or tab)')
    .option('--workspace <id>', 'the workspace (default: the only one)')
    .option(
      '--map <columns=field>',
      'map columns to a field, e.g. "First Name+Last Name=contact_name", "Job Title=contact_title", "Seniority=custom:seniority" (repeatable; contact_name, notes and tags combine several columns)',
      collect,
      [],
    )
    .option(
      '--mapping <file.json>',
      'the mapping written by --dry-run --json (headers, mapping, newFields, duplicates)',
    )
    .option(
      '--create-fields',
      'make every column still unmapped a custom field (type guessed from its values)',
    )
    .addOption(
      new Option(
        '--duplicates <mode>',
        "rows that match a prospect (same email; same name at the company without email; same domain for a company-only row): skip them, create them anyway, update the prospect (fill empty fields) or overwrite it (default: skip, or the mapping file's)",
      ).choices(Object.keys(DUPLICATES_CHOICES)),
    )
    .option('--dry-run', 'check and count the rows, writing nothing (the counts say what would happen)')
    .option('--json', 'print the job, its report and the mapping as JSON (a --mapping file)')
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
  const settings = await resolveMapping(db, workspaceId, uploaded.id, o);
  const unmapped = unmappedColumns(settings.mapping, settings.headers);
  if (!o.json) {
    const pairs = settings.headers
      .map((h, i) => `${h} → ${settings.mapping[i] ?? '(not imported)'}`)
      .join(', ');
    note(`Columns: ${pairs}`);
    for (const f of settings.newFields) note(`New custom field: ${f.key} (${f.type}) from "${f.label}"`);
  }
  if (unmapped.length > 0) {
    note(
      `Not imported (map them with --map or --create-fields): ${unmapped.map((u) => `"${u.header}"`).join(', ')}`,
    );
  }
  await startImport(db, {
    workspaceId,
    jobId: uploaded.id,
    mapping: settings.mapping,
    newFields: settings.newFields,
    duplicates: settings.duplicates,
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
  const report: ImportRejection[] = [];
  for await (const r of readImportRejections(db, job.id)) {
    if (!o.json && report.length >= SHOWN_REPORT_LINES) break;
    report.push(r);
  }
  if (o.json) {
    const rejections = report.filter((r) => r.outcome === 'rejected');
    const mappingFile: MappingFile = settings;
    output(true, { job, summary: importSummary(job), rejections, report, ...mappingFile }, '');
    return job;
  }
  output(false, job, `Import ${job.id} ${importSummary(job)}`);
  if (job.status === 'cancelled') console.log('Cancelled: the rows written before it stopped stay.');
  if (report.length > 0) {
    console.log(
      formatTable({
        head: ['line', 'column', 'what', 'prospect', 'reason'],
        rows: report.map((r) => [
          String(r.line),
          r.column_name ?? '',
          r.outcome ?? 'rejected',
          r.prospect_id ?? '',
          r.reason,
        ]),
      }),
    );
    if (report.length === SHOWN_REPORT_LINES)
      console.log(`Showing the first ${SHOWN_REPORT_LINES} lines of the report; --json lists them all.`);
  }
  return job;
}

/**
 * The mapping to start with: the page's (remembered or suggested), then `--mapping`'s, then `--map`'s, then
 * `--create-fields`; checked as the page checks it, every problem printed at once.
 *
 * @throws {CliError} for unknown headers or fields and any mapping problem (exit status 2)
 */
async function resolveMapping(
  db: Parameters<Parameters<typeof withDatabase>[0]>[0],
  workspaceId: string,
  jobId: string,
  o: ImportOptions,
): Promise<MappingFile> {
  const inspection = await inspectImport(db, { workspaceId, jobId, previewRows: 0 });
  const { headers, guesses } = inspection;
  const fields = await listCustomFields(db, workspaceId);
  const file = o.mapping ? await readMappingFile(o.mapping, headers, fields) : undefined;
  let mapping = applyMapOptions(headers, file?.mapping ?? inspection.mapping, o.map, fields);
  let newFields = file?.newFields ?? [];
  if (o.createFields) {
    const created = createFieldsForUnmapped(headers, mapping, guesses, fields);
    mapping = created.mapping;
    newFields = [...newFields, ...created.newFields];
  }
  const duplicates = o.duplicates
    ? (DUPLICATES_CHOICES[o.duplicates] ?? 'skip')
    : (file?.duplicates ?? 'skip');
  const problems = describeMappingProblems(mapping, headers, fields, { newFields });
  const message = problems.map((p) => p.message).join('\n');
  // Without a company column the import cannot start (exit status 1, as before); any other problem is wrong input.
  if (problems.length > 0 && problems.every((p) => p.code === 'no_company_column')) {
    throw new ImportError('no_company_column', message, problems);
  }
  if (problems.length > 0) throw new CliError(message);
  return { headers, mapping, newFields, duplicates };
}
