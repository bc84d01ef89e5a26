import type { Sql } from '../db/database.js';
import { listCustomFields } from '../store/custom-fields.js';
import { getImportJob, type ImportJob } from '../store/import-jobs.js';
import { combineRow } from './combine-row.js';
import { describeMappingProblems, type MappingProblem } from './describe-mapping-problems.js';
import { type GuessedFieldType, guessFieldType } from './guess-field-type.js';
import { ImportError } from './import-error.js';
import { type ColumnMapping, customFieldKey, isProspectField, type MappingTarget } from './import-fields.js';
import type { NewFieldSpec } from './import-options.js';
import { describeMatch, matchDuplicates } from './match-duplicates.js';
import { readCsvRecords } from './read-csv-records.js';
import { rememberedMapping } from './remembered-mapping.js';
import { rowToProspect } from './row-to-prospect.js';
import { suggestMapping } from './suggest-mapping.js';

/** Rows read to guess the type of a field created from a column. */
const GUESS_SAMPLE_ROWS = 1000;

/** What the mapping page shows before an import starts; see {@link inspectImport}. */
export interface ImportInspection {
  /** The job, as {@link getImportJob} returns it; its `status` says whether it can still be started. */
  job: ImportJob;
  /** The header row's names, in file order (the job's `headers`). */
  headers: string[];
  /** The detected delimiter: `,`, `;` or a tab. */
  delimiter: string;
  /** The mapping given, else the job's, else the one remembered for these headers, else the suggested one. */
  mapping: ColumnMapping;
  /** Where `mapping` came from. */
  mappingSource: 'given' | 'job' | 'remembered' | 'suggested';
  /** The new fields given, else those remembered with the mapping (not created yet), else `[]`. */
  newFields: NewFieldSpec[];
  /** Every reason the mapping cannot start yet (a missing Company column included); `[]` when it can. */
  problems: MappingProblem[];
  /** A type guess per column (from its first 1,000 rows), for "create a custom field from this column". */
  guesses: GuessedFieldType[];
  /** An example value per column: its first non-blank cell among the rows read (`''` when all are blank). */
  examples: string[];
  /** The first data rows as the import would read them with `mapping`. */
  preview: Array<{
    /** The file line the row starts on (1 is the header). */
    line: number;
    /** The values by target (`contact_name` combined, `custom:<key>`...), as the import would write them, as text. */
    values: Partial<Record<MappingTarget, string>>;
    /**
     * Why the import would reject the row, by the rules of `POST /prospects`; empty when it would be created.
     * @see openapi.yaml `ProspectCreate`
     */
    errors: Array<{
      /** The target at fault, or `null` when the whole row is (a row wider than the header, say). */
      field: MappingTarget | null;
      /** A sentence for people saying what is wrong and how to fix it, naming fields by label. */
      message: string;
    }>;
    /** It matches a prospect of the workspace or an earlier row of the preview (docs/importing.md, "Duplicates"). */
    duplicate: boolean;
    /** What it matches and why, when `duplicate`: `the same contact email as prospect pro_…`. */
    match?: {
      /** The prospect it matches (`prs_…`), or `null` when it matches an earlier row of the preview. */
      prospectId: string | null;
      /** Why, for people: the same email, the same name at the company, the same domain. */
      reason: string;
    };
  }>;
}

/**
 * Reads an uploaded file's first rows with a mapping, so a person can check and fix the mapping before
 * starting: each row's values, the errors it would be rejected with, and whether it is a duplicate; every
 * problem of the mapping; and a type guess per column.
 *
 * @param options.mapping one target or `null` per header column. Default: the job's, else the one remembered
 *   for the headers ({@link rememberedMapping}), else {@link suggestMapping}'s
 * @param options.newFields fields the import would create (their columns map to `custom:<key>`). Default: `[]`
 * @param options.previewRows rows to read. Default 10.
 * @throws {ImportError} `not_found` when the workspace has no such job; `invalid_mapping` when `mapping` does not
 *   give one entry per column (every other problem is returned in `problems`)
 * @example
 * const { headers, mapping, preview, problems } = await inspectImport(db, { workspaceId, jobId });
 */
export async function inspectImport(
  db: Sql,
  options: {
    workspaceId: string;
    jobId: string;
    mapping?: ColumnMapping;
    newFields?: NewFieldSpec[];
    previewRows?: number;
  },
): Promise<ImportInspection> {
  const job = await getImportJob(db, options);
  if (!job) throw new ImportError('not_found', 'There is no such import in this workspace.');
  const fields = await listCustomFields(db, options.workspaceId);
  const remembered =
    options.mapping || job.mapping
      ? undefined
      : await rememberedMapping(db, { workspaceId: options.workspaceId, headers: job.headers, fields });
  const mapping =
    options.mapping ??
    (job.mapping as ColumnMapping | null) ??
    remembered?.mapping ??
    suggestMapping(job.headers);
  const mappingSource = options.mapping
    ? 'given'
    : job.mapping
      ? 'job'
      : remembered
        ? 'remembered'
        : 'suggested';
  const newFields = options.newFields ?? (job.mapping ? job.new_fields : remembered?.newFields) ?? [];
  const problems = describeMappingProblems(mapping, job.headers, fields, { newFields });
  if (problems.some((p) => p.code === 'wrong_length')) {
    throw new ImportError('invalid_mapping', problems.map((p) => p.message).join('\n'), problems);
  }
  const customFields = [
    ...fields,
    ...newFields.map((f) => ({ key: f.key, label: f.label, type: f.type, options: f.options ?? [] })),
  ];
  // The preview reads the columns whose target exists; the problems say what is wrong with the others.
  const known = new Set(customFields.map((f) => f.key));
  const usable: ColumnMapping = mapping.map((target) =>
    isProspectField(target) || known.has(customFieldKey(target) ?? '\u0000') ? target : null,
  );
  const plan = { mapping: usable, headers: job.headers, customFields };
  const limit = options.previewRows ?? 10;
  const rows = [];
  const samples: string[][] = job.headers.map(() => []);
  for await (const record of readCsvRecords(db, job)) {
    if (rows.length >= limit && samples[0] !== undefined && samples[0].length >= GUESS_SAMPLE_ROWS) break;
    if (rows.length < limit)
      rows.push({ row: rowToProspect(record.cells, record.line, plan), cells: record.cells });
    if ((samples[0]?.length ?? 0) < GUESS_SAMPLE_ROWS) {
      record.cells.forEach((cell, i) => {
        samples[i]?.push(cell);
      });
    }
  }
  const valid = rows.flatMap(({ row }) =>
    row.input ? [{ line: row.line, endLine: row.line, input: row.input, issues: [] }] : [],
  );
  const matches = await matchDuplicates(db, job.workspace_id, valid, new Map(), {
    dryRun: true,
    now: new Date(),
  });
  const matchByLine = new Map(valid.map((v, i) => [v.line, matches[i]?.match]));
  const preview = rows.map(({ row, cells }) => {
    const match = matchByLine.get(row.line);
    return {
      line: row.line,
      values: previewValues(combineRow(cells, plan)),
      errors: row.issues.map((issue) => ({ field: issue.field, message: issue.message })),
      duplicate: match !== undefined,
      ...(match && { match: { prospectId: match.prospectId, reason: describeMatch(match) } }),
    };
  });
  const guesses = samples.map((values) => guessFieldType(values));
  const examples = samples.map((values) => values.find((c) => c.trim() !== '') ?? '');
  return {
    job,
    headers: job.headers,
    delimiter: job.delimiter,
    mapping,
    mappingSource,
    newFields,
    problems,
    guesses,
    examples,
    preview,
  };
}

/** A combined row's values as text by target: tags and multi-select options joined with `, `. */
function previewValues(body: Record<string, unknown>): Partial<Record<MappingTarget, string>> {
  const text = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));
  const values: Partial<Record<MappingTarget, string>> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'custom_fields') {
      for (const [custom, v] of Object.entries(value as Record<string, unknown>))
        values[`custom:${custom}`] = text(v);
    } else values[key as MappingTarget] = text(value);
  }
  return values;
}
