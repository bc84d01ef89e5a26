import { CUSTOM_FIELD_TYPES, type CustomFieldDefinition, type CustomFieldType } from '@prospectkit/core';
import {
  type ColumnMapping,
  customFieldKey,
  type DuplicateMode,
  isDuplicateMode,
  type MappingTarget,
  type NewFieldSpec,
  PROSPECT_IMPORT_FIELDS,
  unmappedColumns,
} from '../../import/index.js';
import { type FormBody, textOf } from '../shared/form-body.js';
import { keyFromLabel } from '../workspace/custom-field-form.js';

/** The name of the select of the header column at `index` (0-based) on the mapping page. */
export const columnFieldName = (index: number) => `column_${index}`;

/** The select's value for "Create a custom field from this column". */
export const NEW_FIELD_CHOICE = 'new';

/** The names of the inputs of a new field made from column `index`: its key, label, type and options. */
export const newFieldName = (index: number, part: 'key' | 'label' | 'type' | 'options') =>
  `new_${index}_${part}`;

/** The checkbox that confirms the columns listed as not imported, and the hidden list of those columns. */
export const ACKNOWLEDGE_FIELD = 'acknowledge_unmapped';
export const LISTED_FIELD = 'unmapped_listed';

/** What the mapping form sends, read into the import's settings. */
export interface ImportMappingForm {
  /** One target or `null` per column; a column that creates a field maps to `custom:<its key>`. */
  mapping: ColumnMapping;
  /** The fields to create, from the columns whose select says "Create a custom field from this column". */
  newFields: NewFieldSpec[];
  duplicates: DuplicateMode;
  /**
   * Whether the person confirmed exactly the columns this mapping leaves out: the box was ticked, and the list
   * the page showed beside it is this mapping's (a select changed since then needs a new look at the list).
   */
  acknowledgedUnmapped: boolean;
}

/**
 * The key a new field from a column gets by default: the header as a key (`Lifecycle Stage` → `lifecycle_stage`,
 * core's `CUSTOM_FIELD_KEY`), or `column_<n>` for a header without a Latin letter or digit (`部署`).
 */
export function defaultFieldKey(header: string, index: number): string {
  return keyFromLabel(header) || `column_${index + 1}`;
}

const PROSPECT_FIELDS = new Set<string>(PROSPECT_IMPORT_FIELDS.map((f) => f.field));

const optionsOf = (text: string) => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((o) => o.trim())
      .filter((o) => o !== ''),
  ),
];

/**
 * Reads the mapping form of a file: `column_<i>` per header column (a prospect field, `custom:<key>` of the
 * workspace, `new`, or `''` for "Do not import"), the new fields' `new_<i>_key`, `_label`, `_type` and `_options`
 * (defaults: the header as key and label, type text), `duplicates` (a `DuplicateMode`, `skip` by default), and the
 * confirmation of the columns left out. A value the page does not offer is read as "Do not import"; the engine's
 * `describeMappingProblems` checks the rest (a field chosen twice, a key that exists, no company).
 *
 * @example
 * parseImportMappingForm({ column_0: 'company', column_1: 'new', new_1_type: 'number' }, ['Company', 'Seats'], []);
 * // mapping ['company', 'custom:seats'], newFields [{ column: 1, key: 'seats', label: 'Seats', type: 'number' }]
 * @see docs/importing.md, "Mapping columns"
 */
export function parseImportMappingForm(
  body: FormBody | undefined,
  headers: readonly string[],
  fields: readonly CustomFieldDefinition[],
): ImportMappingForm {
  const keys = new Set(fields.map((f) => f.key));
  const mapping: ColumnMapping = [];
  const newFields: NewFieldSpec[] = [];
  headers.forEach((header, i) => {
    const chosen = textOf(body, columnFieldName(i));
    if (chosen === NEW_FIELD_CHOICE) {
      const key = textOf(body, newFieldName(i, 'key')).trim() || defaultFieldKey(header, i);
      const typed = textOf(body, newFieldName(i, 'type'));
      const type: CustomFieldType = (CUSTOM_FIELD_TYPES as readonly string[]).includes(typed)
        ? (typed as CustomFieldType)
        : 'text';
      const options = optionsOf(textOf(body, newFieldName(i, 'options')));
      const select = type === 'single_select' || type === 'multi_select';
      newFields.push({
        column: i,
        key,
        label: textOf(body, newFieldName(i, 'label')).trim() || header.trim() || `Column ${i + 1}`,
        type,
        ...(select ? { options } : {}),
      });
      mapping.push(`custom:${key}`);
      return;
    }
    const key = customFieldKey(chosen as MappingTarget);
    const known = key !== undefined ? keys.has(key) : PROSPECT_FIELDS.has(chosen);
    mapping.push(known ? (chosen as MappingTarget) : null);
  });
  const duplicates = textOf(body, 'duplicates');
  const listed = textOf(body, LISTED_FIELD);
  const leftOut = unmappedColumns(mapping, headers)
    .map((c) => c.column)
    .join(',');
  return {
    mapping,
    newFields,
    duplicates: isDuplicateMode(duplicates) ? duplicates : 'skip',
    acknowledgedUnmapped: leftOut === '' || (textOf(body, ACKNOWLEDGE_FIELD) === 'yes' && listed === leftOut),
  };
}
