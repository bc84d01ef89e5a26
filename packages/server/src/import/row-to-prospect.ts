import {
  type CustomFieldDefinition,
  composeContactName,
  type FieldIssue,
  fieldMessage,
  type NormalizedProspectInput,
  normalizeCustomFields,
  normalizeProspectInput,
  type ProspectCreate,
  validateRequest,
} from '@prospectkit/core';
import { combineRow } from './combine-row.js';
import { deriveDomain } from './derive-domain.js';
import {
  type ColumnMapping,
  isProspectField,
  type MappingTarget,
  prospectFieldLabel,
} from './import-fields.js';
import { tidyCells } from './tidy-cells.js';

/** Why one cell or row is refused: the header of its column (`null` for the whole row), its target and a message. */
export interface RowIssue {
  column: string | null;
  field: MappingTarget | null;
  message: string;
}

/** A data row as the import sees it; see {@link rowToProspect}. */
export interface ImportRow {
  /** The file line the row starts on (1 is the header). */
  line: number;
  /** The input to create (or to update a duplicate with), or `undefined` when `issues` is not empty. */
  input: (NormalizedProspectInput & { company: string }) | undefined;
  issues: RowIssue[];
}

/** What the rows of one import are read with: its mapping, header row and the workspace's custom fields. */
export interface RowPlan {
  mapping: ColumnMapping;
  headers: readonly string[];
  /** The workspace's custom fields (those the import created included), for `custom:<key>` columns. */
  customFields: readonly CustomFieldDefinition[];
}

/**
 * Turns a CSV record into a prospect input by the rules of `POST /prospects`: the mapped cells, combined where
 * several columns fill one field ({@link combineRow}), become a `ProspectCreate` body, checked against the
 * contract's schema (core's `validateRequest`), then by core's `normalizeProspectInput` and
 * `normalizeCustomFields` (against the workspace's fields), exactly as the API checks a request body, after
 * {@link tidyCells} (a bare website gets `https://`, a country name its ISO code). A row
 * wider than the header is refused whole. Without a domain, one is derived from the website or a company email
 * ({@link deriveDomain}). Each issue names the column and the field by its label.
 *
 * @param record the record's cells, in file order
 * @param line the file line the record starts on
 * @see openapi.yaml `createProspect`, `ProspectCreate`, `CustomFieldValues`
 */
export function rowToProspect(record: readonly string[], line: number, plan: RowPlan): ImportRow {
  const { mapping, headers, customFields } = plan;
  if (record.length > headers.length) {
    const message = `The row has ${record.length} fields but the header has ${headers.length}: quote any field that contains the delimiter.`;
    return { line, input: undefined, issues: [{ column: null, field: null, message }] };
  }
  const body = combineRow(record, plan) as ProspectCreate & Record<string, unknown>;
  tidyCells(body);
  const labels = new Map(customFields.map((f) => [f.key, f.label]));
  const label = (path: string) => labelOf(path, labels);
  const toIssues = (found: readonly FieldIssue[]) =>
    dedupe(
      found.map((issue) => {
        const target = targetOf(issue.path);
        const index = target === null ? -1 : mapping.indexOf(target);
        return {
          column: index === -1 ? null : (headers[index] ?? null),
          field: index === -1 && target !== 'company' ? null : target,
          message: fieldMessage(issue, label),
        };
      }),
    );
  const checked = validateRequest('createProspect', {}, body);
  if (!checked.ok) return { line, input: undefined, issues: toIssues(checked.issues) };
  const { input, issues } = normalizeProspectInput(body);
  if (issues.length > 0) return { line, input: undefined, issues: toIssues(issues) };
  const composed = composeContactName(input, null) as NormalizedProspectInput & { company: string };
  if (body.custom_fields) {
    const custom = normalizeCustomFields(body.custom_fields, customFields, {});
    if (custom.issues.length > 0) return { line, input: undefined, issues: toIssues(custom.issues) };
    composed.custom_fields = custom.values;
  }
  if (!composed.domain) {
    const domain = deriveDomain(composed);
    if (domain) composed.domain = domain;
  }
  return { line, input: composed, issues: [] };
}

/** The mapping target an issue's path is about: `custom:<key>` for `custom_fields.<key>`, else the field. */
function targetOf(path: readonly string[]): MappingTarget | null {
  const [first, second] = path;
  if (first === 'custom_fields' && second !== undefined) return `custom:${second}`;
  return isProspectField(first) ? first : null;
}

/** A field's label in a message: the page's label, or a custom field's own. */
function labelOf(path: string, labels: ReadonlyMap<string, string>): string | undefined {
  const [first, second] = path.split('.');
  if (first === 'custom_fields' && second !== undefined) return labels.get(second);
  return isProspectField(first) ? prospectFieldLabel(first) : undefined;
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
