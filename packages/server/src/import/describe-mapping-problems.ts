import { CUSTOM_FIELD_KEY, CUSTOM_FIELD_LIMIT, type CustomFieldDefinition } from '@prospectkit/core';
import {
  COMBINABLE_FIELDS,
  type ColumnMapping,
  customFieldKey,
  isProspectField,
  type MappingTarget,
  prospectFieldLabel,
} from './import-fields.js';
import type { NewFieldSpec } from './import-options.js';

/** Why a mapping cannot start an import; see {@link describeMappingProblems}. */
export type MappingProblemCode =
  /** The mapping does not give one entry per column. */
  | 'wrong_length'
  /** An entry is neither a prospect field, `custom:<key>` nor `null`. */
  | 'unknown_field'
  /** `custom:<key>` names no custom field of the workspace (and none created by the import). */
  | 'unknown_custom_field'
  /** Several columns map to a field that takes one (all but contact name, notes and tags). */
  | 'field_twice'
  /** No column maps to Company, which every prospect needs. */
  | 'no_company_column'
  /** A new field's key is not a valid key, exists in the workspace, or is given twice. */
  | 'invalid_new_field'
  /** The workspace's fields with the new ones would pass core's `CUSTOM_FIELD_LIMIT`. */
  | 'too_many_custom_fields';

/** One reason a mapping cannot start an import, named for people. */
export interface MappingProblem {
  /** Which rule the mapping breaks (see {@link MappingProblemCode}). */
  code: MappingProblemCode;
  /** The columns concerned (0-based, file order); `[]` when the problem is not one of columns. */
  columns: number[];
  /**
   * What is wrong and how to fix it, naming columns by header and fields by their label on the page:
   * `"Company" and "Account" both map to Company: choose one of them.`
   */
  message: string;
}

/** Options of {@link describeMappingProblems}. */
export interface DescribeMappingOptions {
  /** Custom fields the import would create (their keys may be used as `custom:<key>`). Default `[]`. */
  newFields?: readonly NewFieldSpec[];
  /** Whether a column must map to `company` (to start an import). Default `true`. */
  requireCompany?: boolean;
}

const quote = (header: string | undefined) => `"${header ?? '?'}"`;

/** A list for people: `"A"`, `"A" and "B"`, `"A", "B" and "C"`. */
function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Every reason a mapping cannot start an import (not only the first), in column order, for the mapping page to
 * list and the CLI to print; `[]` when the mapping is fine. Columns are named by their header and fields by
 * their label (`Contact name`, a custom field's own label), never by the API's names.
 *
 * @param mapping one target (or `null`) per column, as submitted (checked here, so `unknown` entries are fine)
 * @param headers the file's header row
 * @param fields the workspace's custom fields
 * @example
 * describeMappingProblems(['company', 'company'], ['Company', 'Account'], []);
 * // [{ code: 'field_twice', columns: [0, 1], message: '"Company" and "Account" both map to Company, which takes one column: …' }]
 * @see docs/importing.md, "Mapping columns"
 */
export function describeMappingProblems(
  mapping: readonly unknown[],
  headers: readonly string[],
  fields: readonly CustomFieldDefinition[],
  options: DescribeMappingOptions = {},
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const newFields = options.newFields ?? [];
  if (mapping.length !== headers.length) {
    problems.push({
      code: 'wrong_length',
      columns: [],
      message: `The mapping must give one field (or none) for each of the file's ${headers.length} columns; it gives ${mapping.length}.`,
    });
    return problems;
  }
  const labels = new Map<string, string>(fields.map((f) => [f.key, f.label]));
  problems.push(...describeNewFieldProblems(newFields, headers, fields, labels));
  // A new field's column maps to it (or to nothing yet: startImport maps it), not to another field.
  for (const field of newFields) {
    const entry = mapping[field.column];
    if (entry === undefined || entry === null || entry === `custom:${field.key}`) continue;
    problems.push({
      code: 'invalid_new_field',
      columns: [field.column],
      message: `Column ${quote(headers[field.column])} is to create the field "${field.label}" but maps to another field: choose one of them.`,
    });
  }
  const columnsOf = new Map<MappingTarget, number[]>();
  mapping.forEach((entry, column) => {
    if (entry === null) return;
    const key = typeof entry === 'string' ? customFieldKey(entry as MappingTarget) : undefined;
    if (key !== undefined) {
      if (!labels.has(key)) {
        problems.push({
          code: 'unknown_custom_field',
          columns: [column],
          message: `Column ${quote(headers[column])} maps to a custom field "${key}" that this workspace does not have: add it under Workspace settings → Fields, or create it from the column.`,
        });
        return;
      }
    } else if (!isProspectField(entry)) {
      problems.push({
        code: 'unknown_field',
        columns: [column],
        message: `Column ${quote(headers[column])} maps to ${JSON.stringify(entry)}, which is not a field: choose a field, or do not import the column.`,
      });
      return;
    }
    const target = entry as MappingTarget;
    columnsOf.set(target, [...(columnsOf.get(target) ?? []), column]);
  });
  for (const [target, columns] of columnsOf) {
    const key = customFieldKey(target);
    if (columns.length < 2 || (key === undefined && COMBINABLE_FIELDS.has(target as never))) continue;
    const label = key === undefined ? prospectFieldLabel(target as never) : (labels.get(key) ?? key);
    const verb = columns.length === 2 ? 'both map' : 'all map';
    problems.push({
      code: 'field_twice',
      columns,
      message: `${listNames(columns.map((c) => quote(headers[c])))} ${verb} to ${label}, which takes one column: choose one of them (only Contact name, Notes and Tags combine several).`,
    });
  }
  if ((options.requireCompany ?? true) && !columnsOf.has('company')) {
    problems.push({
      code: 'no_company_column',
      columns: [],
      message:
        'No column is mapped to Company, which every prospect needs: choose the column that holds the company name.',
    });
  }
  return problems.sort((a, b) => (a.columns[0] ?? Infinity) - (b.columns[0] ?? Infinity));
}

/** The problems of the fields to create; adds their labels to `labels` so the mapping may target them. */
function describeNewFieldProblems(
  newFields: readonly NewFieldSpec[],
  headers: readonly string[],
  existing: readonly CustomFieldDefinition[],
  labels: Map<string, string>,
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const invalid = (column: number, message: string) =>
    problems.push({ code: 'invalid_new_field', columns: column in headers ? [column] : [], message });
  for (const field of newFields) {
    const from = `The field to create from column ${quote(headers[field.column])}`;
    if (!Number.isInteger(field.column) || field.column < 0 || field.column >= headers.length) {
      invalid(field.column, `A field to create names column ${field.column}, which the file does not have.`);
    } else if (!CUSTOM_FIELD_KEY.test(field.key)) {
      invalid(
        field.column,
        `${from} has the key "${field.key}": use a lower-case letter, then up to 39 lower-case letters, digits or _.`,
      );
    } else if (existing.some((f) => f.key === field.key)) {
      invalid(
        field.column,
        `${from} has the key "${field.key}", which the workspace's field "${labels.get(field.key)}" already has: map the column to that field, or choose another key.`,
      );
    } else if (labels.has(field.key)) {
      invalid(
        field.column,
        `${from} has the key "${field.key}", which another new field has: choose another key.`,
      );
    } else if (field.label.trim() === '' || field.label.length > 100) {
      invalid(field.column, `${from} needs a label of 1 to 100 characters.`);
    } else {
      labels.set(field.key, field.label);
    }
  }
  if (existing.length + newFields.length > CUSTOM_FIELD_LIMIT) {
    problems.push({
      code: 'too_many_custom_fields',
      columns: newFields.map((f) => f.column),
      message: `A workspace has at most ${CUSTOM_FIELD_LIMIT} custom fields; it has ${existing.length}, and the import would create ${newFields.length}: create at most ${Math.max(0, CUSTOM_FIELD_LIMIT - existing.length)}, or put the other columns into Notes.`,
    });
  }
  return problems;
}

/**
 * The columns that will not be imported (mapped to `null`), for the page to list before the start and the
 * person to confirm (`acknowledgedUnmapped`), and for the CLI to print.
 *
 * @example
 * unmappedColumns(['company', null], ['Company', 'Fax']); // [{ column: 1, header: 'Fax' }]
 */
export function unmappedColumns(
  mapping: ColumnMapping,
  headers: readonly string[],
): { column: number; header: string }[] {
  return headers.flatMap((header, column) => (mapping[column] == null ? [{ column, header }] : []));
}
