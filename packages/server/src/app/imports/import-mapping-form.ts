import {
  type ColumnMapping,
  type DuplicatePolicy,
  PROSPECT_IMPORT_FIELDS,
  type ProspectField,
} from '../../import/index.js';
import { type FormBody, textOf } from '../shared/form-body.js';

/** The name of the select of the header column at `index` (0-based) on the mapping page. */
export const columnFieldName = (index: number) => `column_${index}`;

/** What the mapping form sends: one field (or none) per column and the duplicate policy. */
export interface ImportMappingForm {
  mapping: ColumnMapping;
  duplicates: DuplicatePolicy;
}

const FIELDS = new Map<string, ProspectField>(PROSPECT_IMPORT_FIELDS.map((f) => [f.field, f.field]));

/**
 * Reads the mapping form of a file with `columnCount` header columns: `column_0` … each a prospect field or `''`
 * ("Do not import"), and `duplicates` `skip` (the default) or `create`. A value that is not a field is read as
 * "Do not import" (the page offers only fields); the engine checks the rest (a field chosen twice, no company).
 *
 * @example
 * parseImportMappingForm({ column_0: 'company', column_1: '', duplicates: 'create' }, 2);
 * // { mapping: ['company', null], duplicates: 'create' }
 * @see packages/server/README.md, "Importing prospects"
 */
export function parseImportMappingForm(body: FormBody | undefined, columnCount: number): ImportMappingForm {
  const mapping: ColumnMapping = [];
  for (let i = 0; i < columnCount; i++) mapping.push(FIELDS.get(textOf(body, columnFieldName(i))) ?? null);
  return { mapping, duplicates: textOf(body, 'duplicates') === 'create' ? 'create' : 'skip' };
}
