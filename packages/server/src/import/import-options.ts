import type { CustomFieldType } from '@prospectkit/core';
import type { DuplicatePolicy, StoredNewField } from '../store/import-jobs.js';
import type { ColumnMapping } from './import-fields.js';

/**
 * What happens to a row that matches an existing prospect (see docs/importing.md, "Duplicates"): a row with an
 * email matches on the email (case-insensitive); a person without an email on their name at the same company;
 * a company-only row (no person) on the domain.
 * - `skip` (the default): the row is not imported; the report names the matched prospect.
 * - `create`: a new prospect is created anyway.
 * - `update_fill_empty`: the matched prospect's empty fields are filled from the row, as `PATCH` would.
 * - `update_overwrite`: every mapped non-empty cell replaces the matched prospect's value, as `PATCH` would.
 */
export type DuplicateMode = DuplicatePolicy;

/** Every {@link DuplicateMode}, in the order the page offers them. */
export const DUPLICATE_MODES: readonly DuplicateMode[] = [
  'skip',
  'create',
  'update_fill_empty',
  'update_overwrite',
];

/** Whether `value` is a {@link DuplicateMode}. */
export function isDuplicateMode(value: unknown): value is DuplicateMode {
  return typeof value === 'string' && (DUPLICATE_MODES as readonly string[]).includes(value);
}

/**
 * A custom field the import creates when it starts, from one column; the column's mapping entry must then be
 * `custom:<key>` (or `null`, which the start sets to `custom:<key>`). The key must not exist in the workspace
 * (checked before anything is written), and the workspace's fields with the new ones stay within core's
 * `CUSTOM_FIELD_LIMIT` (50).
 */
export interface NewFieldSpec extends StoredNewField {
  /** The column (0-based, in file order) the field is created from. */
  column: number;
  /** The field's key (core's `CUSTOM_FIELD_KEY`: a lower-case letter, then up to 39 of `a-z`, `0-9`, `_`). */
  key: string;
  /** The field's label for people, 1-100 characters; the column's header by default on the page. */
  label: string;
  /** The field's type; {@link guessFieldType} suggests one from the column's values. */
  type: CustomFieldType;
  /** The choices of a `single_select` or `multi_select` field (at most 50); omitted for the other types. */
  options?: string[];
}

/** The settings an import starts with, beside the job it starts. */
export interface ImportSettings {
  /** One target (or `null`) per header column; one column must map to `company`. */
  mapping: ColumnMapping;
  /** Custom fields to create when the import starts. Default `[]`. */
  newFields?: NewFieldSpec[];
  /** What happens to a row that matches an existing prospect. Default `skip`. */
  duplicates?: DuplicateMode;
  /**
   * The person confirmed the columns that will not be imported (those mapping to `null`, listed by
   * `unmappedColumns`). The page requires `true` when any column
   * maps to `null`; the CLI prints the columns instead.
   */
  acknowledgedUnmapped?: boolean;
  /** Validate and count only, writing nothing; the job says "would be created / updated / skipped". Default `false`. */
  dryRun?: boolean;
}
