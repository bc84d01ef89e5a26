import type { CustomFieldDefinition } from '@prospectkit/core';
import {
  customFieldKey,
  type DuplicateMode,
  type ImportInspection,
  type MappingProblem,
  type MappingTarget,
  prospectFieldLabel,
  unmappedColumns,
} from '../../import/index.js';
import { choiceField, fieldId } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { columnRow } from './import-column-select.js';
import { ACKNOWLEDGE_FIELD, columnFieldName, LISTED_FIELD } from './import-mapping-form.js';
import { byteSize, count, importHead, importUrl } from './import-pages.js';
import { previewTable } from './import-preview-table.js';

const DELIMITERS: Record<string, string> = { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab' };

/** The id of the mapping fieldset, which problems not about one column link to. */
const MAPPING_ID = 'mapping';

/** The choices for rows that match a prospect already in the workspace, each explained in one line. */
const DUPLICATE_CHOICES: ReadonlyArray<{ value: DuplicateMode; label: string; hint: string }> = [
  {
    value: 'skip',
    label: 'Skip them',
    hint: 'Nothing changes; the report lists each skipped row with the prospect it matched.',
  },
  {
    value: 'create',
    label: 'Create them anyway',
    hint: 'A second prospect is added beside the existing one.',
  },
  {
    value: 'update_fill_empty',
    label: 'Update the existing prospect, filling empty fields only',
    hint: 'What the prospect already has stays; the row fills only its empty fields.',
  },
  {
    value: 'update_overwrite',
    label: 'Update the existing prospect, overwriting its fields',
    hint: "Each non-empty cell replaces the prospect's value; empty cells change nothing.",
  },
];

/** What the mapping page shows: the file, the mapping chosen (or suggested) and what is wrong with it. */
export interface ImportMappingInput {
  csrf: string;
  workspaceId: string;
  inspection: ImportInspection;
  /** The workspace's custom fields, offered in each column's select. */
  fields: readonly CustomFieldDefinition[];
  duplicates: DuplicateMode;
  /** Why the start was refused, when it was; else the inspection's own problems are shown. */
  problems?: readonly MappingProblem[];
  /** The start was refused because the columns left out were not confirmed. */
  unconfirmed?: boolean;
}

/** Every problem at once at the top of the page, each linking to the first column it names. */
function problemSummary(problems: readonly MappingProblem[], unconfirmed: boolean): SafeHtml {
  if (problems.length === 0 && !unconfirmed) return html``;
  return html`<div class="error-summary" id="error-summary" role="alert" tabindex="-1">
  <h2>${problems.length + (unconfirmed ? 1 : 0) === 1 ? 'There is a problem' : 'There are problems'}</h2>
  <ul>${problems.map(
    (p) =>
      html`<li><a href="#${fieldId(p.columns[0] === undefined ? MAPPING_ID : columnFieldName(p.columns[0]))}">${p.message}</a></li>`,
  )}${
    unconfirmed &&
    html`<li><a href="#${fieldId(ACKNOWLEDGE_FIELD)}">Confirm that the columns listed will not be imported, or choose a field for them.</a></li>`
  }</ul>
</div>`;
}

/** `One column will not be imported`, `3 columns will not be imported`: the legend (and the page script's). */
const leftOutLegend = (n: number) =>
  n === 1 ? 'One column will not be imported' : `${n} columns will not be imported`;

/**
 * The columns that will not be imported, and the box that confirms them, required when there are any. Always in
 * the page (hidden and disabled when every column is imported), so the page script can follow the selects; the
 * hidden list says which columns were confirmed, so a confirmation counts only for the list the person saw.
 */
function unmappedSection(input: ImportMappingInput): SafeHtml {
  const { headers, mapping } = input.inspection;
  const left = unmappedColumns(mapping, headers);
  const id = fieldId(ACKNOWLEDGE_FIELD);
  const none = left.length === 0;
  return html`<p class="all-mapped" data-all-mapped${none ? '' : html` hidden`}>Every column of the file will be imported.</p>
<fieldset class="unmapped" data-unmapped aria-describedby="unmapped-list"${none ? html` hidden` : ''}${input.unconfirmed ? html` aria-invalid="true"` : ''}>
  <legend data-unmapped-legend>${leftOutLegend(left.length)}</legend>
  <ul id="unmapped-list" class="unmapped-list">${left.map(
    (c) =>
      html`<li><a href="#${fieldId(columnFieldName(c.column))}">${c.header || `Column ${c.column + 1}`}</a></li>`,
  )}</ul>
  ${input.unconfirmed && html`<span class="field-error" id="${id}-error">Confirm that ${left.length === 1 ? 'this column' : 'these columns'} will not be imported, or choose a field for ${left.length === 1 ? 'it' : 'them'}.</span>`}
  <input type="hidden" name="${LISTED_FIELD}" value="${left.map((c) => c.column).join(',')}">
  <div class="choice"><input type="checkbox" id="${id}" name="${ACKNOWLEDGE_FIELD}" value="yes"${none ? html` disabled` : html` required`}${
    input.unconfirmed ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }><label for="${id}">I understand that the columns listed will not be imported</label></div>
  <span class="hint">Without JavaScript, refresh the preview after changing a column to see the list again.</span>
</fieldset>`;
}

/**
 * The mapping step of an uploaded file: per column a select (prospect fields by their labels, the workspace's
 * custom fields, "Create a custom field from this column" with its key, label and guessed type, "Do not
 * import"), what to do with rows that match an existing prospect, every column that will not be imported with
 * the box that confirms it, and a preview of the first rows. "Refresh preview" shows the preview and problems of
 * the mapping chosen (all of them, by column header and field label); the page works without JavaScript.
 */
export function importMappingPage(input: ImportMappingInput): Page {
  const { inspection, fields } = input;
  const { job } = inspection;
  const problems = input.problems ?? inspection.problems;
  const created = new Map(inspection.newFields.map((f) => [f.column, f]));
  const labels = new Map<string, string>([
    ...fields.map((f): [string, string] => [f.key, f.label]),
    ...inspection.newFields.map((f): [string, string] => [f.key, f.label]),
  ]);
  const labelOf = (target: MappingTarget) => {
    const key = customFieldKey(target);
    return key === undefined ? prospectFieldLabel(target as never) : (labels.get(key) ?? key);
  };
  const hasCompany = inspection.mapping.includes('company');
  const problemsOf = (column: number) =>
    problems.filter((p) => p.columns.includes(column)).map((p) => p.message);
  return {
    title: 'Map columns',
    section: 'import',
    head: importHead(),
    body: html`${problemSummary(problems, input.unconfirmed ?? false)}
<dl class="facts">
  <dt>File</dt><dd>${job.file_name} <span class="hint">(${byteSize(job.byte_size)})</span></dd>
  <dt>Rows</dt><dd>${job.total_rows === null ? '—' : count(job.total_rows)} <span class="hint">below the header row</span></dd>
  <dt>Columns</dt><dd>${count(inspection.headers.length)}</dd>
  <dt>Delimiter detected</dt><dd>${DELIMITERS[inspection.delimiter] ?? inspection.delimiter}</dd>
</dl>
<form method="post" action="${importUrl(input.workspaceId, job.id, '/start')}" class="mapping">
  ${csrfField(input.csrf)}
  <fieldset id="${fieldId(MAPPING_ID)}">
    <legend>What does each column become?</legend>
    ${
      inspection.mappingSource === 'remembered'
        ? html`<p class="notice remembered">The mapping of your last import of a file with these columns, remembered for
    this workspace. Check it, then start.</p>`
        : ''
    }
    <p class="hint" id="mapping-hint">${inspection.mappingSource === 'remembered' ? 'Otherwise suggested' : 'Suggested'} from the column names. Company is required. Contact name, Notes and Tags
    take several columns: "First Name" and "Last Name" both set to Contact name are joined with a space, each Notes
    column adds a "Header: value" line, and Tags collects the tags of every column. Any other field takes one column.
    A column can also become a new custom field, or be left out.</p>
    <table class="columns"><thead><tr><th scope="col">Column in the file</th><th scope="col">Imported as</th><th scope="col">Example</th></tr></thead>
    <tbody>${inspection.headers.map((header, i) =>
      columnRow(
        {
          index: i,
          header,
          chosen: inspection.mapping[i] ?? null,
          newField: created.get(i),
          example: inspection.examples[i] ?? '',
          guess: inspection.guesses[i] ?? { type: 'text' },
          problems: problemsOf(i),
        },
        fields,
      ),
    )}</tbody></table>
  </fieldset>
  ${choiceField({
    name: 'duplicates',
    legend: 'Rows that match a prospect already in this workspace',
    hint: 'A row matches on its email; a person without an email on their name at the same company; a row with only a company on its domain.',
    type: 'radio',
    options: DUPLICATE_CHOICES,
    checked: [input.duplicates],
  })}
  ${unmappedSection(input)}
  <div class="actions">
    <button type="submit" class="secondary" formaction="${importUrl(input.workspaceId, job.id, '/preview')}" formnovalidate>Refresh preview</button>
    <button type="submit" data-start-import${hasCompany ? '' : html` disabled aria-describedby="start-hint"`}>Start import</button>
    <span class="hint" id="start-hint"${hasCompany ? html` hidden` : ''}>Map a column to Company to start.</span>
    <a href="${workspaceUrl(input.workspaceId, '/imports')}">Back to imports</a>
  </div>
  <h2>Preview</h2>
  ${previewTable(inspection, labelOf)}
</form>`,
  };
}
