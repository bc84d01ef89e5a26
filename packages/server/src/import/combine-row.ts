import type { CustomFieldDefinition } from '@prospectkit/core';
import { cellToCustomValue } from './guess-field-type.js';
import { type ColumnMapping, customFieldKey, type ProspectField } from './import-fields.js';

/** Tags in one cell are separated by any of these. */
const TAG_SEPARATOR = /[;,|]/;

/**
 * A record's cells as a `ProspectCreate` body, before any check (docs/importing.md, "Mapping columns"): each
 * mapped non-blank cell goes to its field; several `contact_name` columns join with one space in column order;
 * several `notes` columns give one `Header: value` line each (one column alone gives its value as it is); `tags`
 * is the union of every tags cell split on `;`, `,` or `|`; a `custom:<key>` cell goes to `custom_fields.<key>`
 * as its field's type takes it (core's `normalizeCustomFields` checks it next). Blank cells are left out.
 *
 * @param record the record's cells, in file order
 * @example
 * combineRow(['Ada', 'Lovelace', 'Acme'], { mapping: ['contact_name', 'contact_name', 'company'], headers, customFields: [] });
 * // { contact_name: 'Ada Lovelace', company: 'Acme' }
 */
export function combineRow(
  record: readonly string[],
  plan: {
    mapping: ColumnMapping;
    headers: readonly string[];
    customFields: readonly CustomFieldDefinition[];
  },
): Record<string, unknown> {
  const { mapping, headers, customFields } = plan;
  const body: Record<string, unknown> = {};
  const names: string[] = [];
  const notes: { header: string; value: string }[] = [];
  const tags: string[] = [];
  let custom: Record<string, unknown> | undefined;
  mapping.forEach((target, index) => {
    const cell = record[index];
    if (target === null || cell === undefined || cell.trim() === '') return;
    const key = customFieldKey(target);
    if (key !== undefined) {
      const type = customFields.find((f) => f.key === key)?.type ?? 'text';
      custom ??= {};
      custom[key] = cellToCustomValue(type, cell);
      return;
    }
    const field = target as ProspectField;
    if (field === 'contact_name') names.push(cell.trim());
    else if (field === 'notes') notes.push({ header: headers[index] ?? '', value: cell.trim() });
    else if (field === 'tags') {
      for (const tag of cell.split(TAG_SEPARATOR)) {
        const trimmed = tag.trim();
        if (trimmed !== '' && !tags.includes(trimmed)) tags.push(trimmed);
      }
    } else body[field] = cell;
  });
  if (names.length > 0) body.contact_name = names.join(' ');
  if (notes.length > 0) {
    const several = mapping.filter((t) => t === 'notes').length > 1;
    body.notes = several ? notes.map((n) => `${n.header}: ${n.value}`).join('\n') : notes[0]?.value;
  }
  if (tags.length > 0) body.tags = tags;
  if (custom) body.custom_fields = custom;
  return body;
}
