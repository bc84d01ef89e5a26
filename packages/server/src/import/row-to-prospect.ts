import {
  composeContactName,
  fieldMessage,
  type NormalizedProspectInput,
  normalizeProspectInput,
  type ProspectCreate,
  validateRequest,
} from '@prospectkit/core';
import type { ColumnMapping, ProspectField } from './import-fields.js';

/** Why one cell or row is refused: the header of its column (`null` for the whole row) and a message. */
export interface RowIssue {
  column: string | null;
  field: ProspectField | null;
  message: string;
}

/** A data row as the import sees it; see {@link rowToProspect}. */
export interface ImportRow {
  /** The file line the row starts on (1 is the header). */
  line: number;
  /** The mapped cells, by field (blank cells left out). */
  values: Partial<Record<ProspectField, string>>;
  /** The input to create, or `undefined` when `issues` is not empty. */
  input: (NormalizedProspectInput & { company: string }) | undefined;
  issues: RowIssue[];
}

/** Tags in one cell are separated by any of these. */
const TAG_SEPARATOR = /[;,|]/;

/**
 * Turns a CSV record into a prospect input by the rules of `POST /prospects`: the mapped cells become a
 * `ProspectCreate` body, checked against the contract's schema (core's `validateRequest`) and then by core's
 * `normalizeProspectInput`, exactly as the API checks a request body. A row wider than the header is refused
 * whole. Blank cells are left out; a tags cell is split on `;`, `,` or `|`.
 *
 * @param record the record's cells, in file order
 * @param mapping one field (or `null`) per header column
 * @param headers the header row, for the column names of the issues
 * @see openapi.yaml `createProspect`, `ProspectCreate`
 */
export function rowToProspect(
  record: readonly string[],
  line: number,
  mapping: ColumnMapping,
  headers: readonly string[],
): ImportRow {
  const values: Partial<Record<ProspectField, string>> = {};
  const body: Record<string, unknown> = {};
  mapping.forEach((field, index) => {
    const cell = record[index];
    if (field === null || cell === undefined || cell.trim() === '') return;
    values[field] = cell;
    body[field] =
      field === 'tags'
        ? cell
            .split(TAG_SEPARATOR)
            .map((tag) => tag.trim())
            .filter((tag) => tag !== '')
        : cell;
  });
  if (record.length > headers.length) {
    const message = `The row has ${record.length} fields but the header has ${headers.length}: quote any field that contains the delimiter.`;
    return { line, values, input: undefined, issues: [{ column: null, field: null, message }] };
  }
  const columnOf = (field: string | undefined) => {
    const index = mapping.indexOf(field as ProspectField);
    return index === -1 ? null : (headers[index] ?? null);
  };
  const toIssues = (found: ReadonlyArray<{ path: readonly string[] }>) =>
    dedupe(
      found.map((issue) => ({
        column: columnOf(issue.path[0]),
        field: (mapping.includes(issue.path[0] as ProspectField) || issue.path[0] === 'company'
          ? issue.path[0]
          : null) as ProspectField | null,
        message: fieldMessage(issue as Parameters<typeof fieldMessage>[0]),
      })),
    );
  const checked = validateRequest('createProspect', {}, body);
  if (!checked.ok) return { line, values, input: undefined, issues: toIssues(checked.issues) };
  const { input, issues } = normalizeProspectInput(body as ProspectCreate);
  if (issues.length > 0) return { line, values, input: undefined, issues: toIssues(issues) };
  const composed = composeContactName(input, null) as NormalizedProspectInput & { company: string };
  return { line, values, input: composed, issues: [] };
}

/** One issue per message and column: a value can fail two keywords that read the same (format and pattern). */
function dedupe(issues: RowIssue[]): RowIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.column}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
