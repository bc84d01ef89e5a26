import type { CustomFieldDefinition } from '@prospectkit/core';
import {
  COMBINABLE_FIELDS,
  customFieldKey,
  type GuessedFieldType,
  type MappingTarget,
  type NewFieldSpec,
  PROSPECT_IMPORT_FIELDS,
} from '../../import/index.js';
import { fieldId } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';
import { CUSTOM_FIELD_TYPE_LABELS } from '../workspace/custom-field-form.js';
import { columnFieldName, defaultFieldKey, NEW_FIELD_CHOICE, newFieldName } from './import-mapping-form.js';

/** One column of the file as the mapping step shows it. */
export interface MappingColumn {
  index: number;
  header: string;
  /** What the column maps to now (`null`: not imported); a new field's column maps to `custom:<its key>`. */
  chosen: MappingTarget | null;
  /** The field the import would create from this column, when "Create a custom field" is chosen. */
  newField: NewFieldSpec | undefined;
  /** The first non-blank cell of the column, as an example (`''` when none of the rows read has one). */
  example: string;
  /** The type a new field from the column would have, guessed from its values. */
  guess: GuessedFieldType;
  /** The mapping problems that name this column, for people. */
  problems: readonly string[];
}

/** An example cut to 60 characters. */
function shorten(example: string): string {
  const text = example.trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

const option = (value: string, label: string, selected: boolean) =>
  html`<option value="${value}"${selected ? html` selected` : ''}>${label}</option>`;

/**
 * The inputs of the custom field a column would create: key and label from the header, the type guessed from the
 * column's values (core's types by their Fields page names), the options of a select one per line. They are in
 * the page for every column, so the form works without JavaScript (the page script shows them only for the
 * columns that create a field); only those columns' inputs are read.
 */
function newFieldInputs(column: MappingColumn): SafeHtml {
  const i = column.index;
  const { guess } = column;
  const spec = column.newField;
  const type = spec?.type ?? guess.type;
  const options = spec?.options ?? guess.options ?? [];
  const creating = spec !== undefined;
  const input = (part: 'key' | 'label', label: string, value: string, hint?: string) =>
    html`<div class="field"><label for="${fieldId(newFieldName(i, part))}">${label}</label>${
      hint ? html`<span class="hint" id="${fieldId(newFieldName(i, part))}-hint">${hint}</span>` : ''
    }<input id="${fieldId(newFieldName(i, part))}" name="${newFieldName(i, part)}" type="text" value="${value}" maxlength="${part === 'key' ? 40 : 100}" autocomplete="off"${
      hint ? html` aria-describedby="${fieldId(newFieldName(i, part))}-hint"` : ''
    }></div>`;
  return html`<details class="new-field" data-new-field="${i}"${creating ? html` open` : ''}>
  <summary>New field from this column<span class="sr-only"> ${column.header}</span></summary>
  <p class="hint">Used when the column is set to "Create a custom field from this column".</p>
  ${input('label', 'Label', spec?.label ?? column.header)}
  ${input('key', 'Key', spec?.key ?? defaultFieldKey(column.header, i), 'Lower-case letters, digits and _, starting with a letter.')}
  <div class="field"><label for="${fieldId(newFieldName(i, 'type'))}">Type</label>
  <span class="hint" id="${fieldId(newFieldName(i, 'type'))}-hint">Guessed from the column's values: ${CUSTOM_FIELD_TYPE_LABELS[guess.type]}.</span>
  <select id="${fieldId(newFieldName(i, 'type'))}" name="${newFieldName(i, 'type')}" aria-describedby="${fieldId(newFieldName(i, 'type'))}-hint">${Object.entries(
    CUSTOM_FIELD_TYPE_LABELS,
  ).map(([value, label]) => option(value, label, value === type))}</select></div>
  <div class="field"><label for="${fieldId(newFieldName(i, 'options'))}">Options of a select</label>
  <span class="hint" id="${fieldId(newFieldName(i, 'options'))}-hint">One per line; for a single or multi select only.</span>
  <textarea id="${fieldId(newFieldName(i, 'options'))}" name="${newFieldName(i, 'options')}" rows="3" aria-describedby="${fieldId(newFieldName(i, 'options'))}-hint">${options.join('\n')}</textarea></div>
</details>`;
}

/**
 * A row of the mapping table: the column's header (the label of its select), the select (the prospect fields by
 * their labels, the workspace's custom fields, "Create a custom field from this column", "Do not import"), the
 * new field's inputs, and an example value from the file. Problems naming the column are said beside it.
 */
export function columnRow(column: MappingColumn, fields: readonly CustomFieldDefinition[]): SafeHtml {
  const name = columnFieldName(column.index);
  const id = fieldId(name);
  const { chosen } = column;
  const creating = column.newField !== undefined;
  const sample = shorten(column.example);
  const errorId = `${id}-error`;
  return html`<tr${column.problems.length ? html` class="invalid"` : ''}>
  <th scope="row" class="wrap"><label for="${id}">${column.header || `Column ${column.index + 1}`}</label></th>
  <td>${column.problems.length > 0 && html`<span class="field-error" id="${errorId}">${column.problems.join(' ')}</span>`}
  <select id="${id}" name="${name}" data-import-field${column.problems.length ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
    ${option('', 'Do not import', chosen === null && !creating)}
    <optgroup label="Prospect fields">${PROSPECT_IMPORT_FIELDS.map((f) =>
      option(
        f.field,
        `${f.label}${f.required ? ' (required)' : COMBINABLE_FIELDS.has(f.field) ? ' (several columns combine)' : ''}`,
        f.field === chosen,
      ),
    )}</optgroup>
    ${
      fields.length > 0 &&
      html`<optgroup label="Custom fields">${fields.map((f) =>
        option(`custom:${f.key}`, f.label, !creating && customFieldKey(chosen) === f.key),
      )}</optgroup>`
    }
    ${option(NEW_FIELD_CHOICE, 'Create a custom field from this column', creating)}
  </select>
  ${newFieldInputs(column)}</td>
  <td class="wrap example">${sample === '' ? html`<span class="hint">(empty)</span>` : sample}</td>
</tr>`;
}
