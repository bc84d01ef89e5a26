import {
  type DuplicatePolicy,
  type ImportInspection,
  PROSPECT_IMPORT_FIELDS,
  type ProspectField,
} from '../../import/index.js';
import { choiceField, errorSummary, type FieldErrors, fieldId } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { columnFieldName } from './import-mapping-form.js';
import { byteSize, count, importHead, importUrl } from './import-pages.js';

const DELIMITERS: Record<string, string> = { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab' };

const LABELS = new Map<ProspectField, string>(PROSPECT_IMPORT_FIELDS.map((f) => [f.field, f.label]));

/** The id of the mapping fieldset, which the error summary links to. */
const MAPPING_ID = 'mapping';

function columnSelect(index: number, header: string, chosen: ProspectField | null): SafeHtml {
  const id = fieldId(columnFieldName(index));
  return html`<tr>
  <th scope="row" class="wrap"><label for="${id}">${header || `Column ${index + 1}`}</label></th>
  <td><select id="${id}" name="${columnFieldName(index)}" data-import-field>
    <option value=""${chosen === null ? html` selected` : ''}>Do not import</option>
    ${PROSPECT_IMPORT_FIELDS.map(
      (f) =>
        html`<option value="${f.field}"${f.field === chosen ? html` selected` : ''}>${f.label}${f.required ? ' (required)' : ''}</option>`,
    )}
  </select></td>
</tr>`;
}

type PreviewRow = ImportInspection['preview'][number];

function rowResult(row: PreviewRow): SafeHtml {
  if (row.errors.length > 0) return html`<span class="status bad">Will be rejected</span>`;
  if (row.duplicate) return html`<span class="status wait">Duplicate</span>`;
  return html`<span class="status ok">OK</span>`;
}

function previewCell(row: PreviewRow, field: ProspectField): SafeHtml {
  const errors = row.errors.filter((e) => e.field === field);
  return html`<td data-label="${LABELS.get(field) ?? field}" class="wrap${errors.length ? ' invalid' : ''}">${
    row.values[field] ?? html`<span class="hint">—</span>`
  }${errors.map((e) => html`<span class="field-error">${e.message}</span>`)}</td>`;
}

function previewTable(inspection: ImportInspection): SafeHtml {
  const fields = inspection.mapping.filter((f): f is ProspectField => f !== null);
  if (inspection.preview.length === 0) return html`<p>The file has no data rows below its header.</p>`;
  // A scroll box is a stop of the tab order with a name, so a keyboard can scroll it (WCAG 2.1.1; axe
  // scrollable-region-focusable).
  return html`<div class="scroll" role="region" tabindex="0" aria-labelledby="preview-caption"><table class="stack preview"><caption id="preview-caption">First ${inspection.preview.length} rows as they would be imported</caption>
<thead><tr><th scope="col">Line</th>${fields.map((f) => html`<th scope="col">${LABELS.get(f) ?? f}</th>`)}<th scope="col">Result</th></tr></thead>
<tbody>${inspection.preview.map(
    (
      row,
    ) => html`<tr${row.errors.length ? html` class="rejected"` : row.duplicate ? html` class="duplicate"` : ''}>
  <td data-label="Line">${row.line}</td>
  ${fields.map((f) => previewCell(row, f))}
  <td data-label="Result">${rowResult(row)}${row.errors
    .filter((e) => e.field === null)
    .map((e) => html`<span class="field-error">${e.message}</span>`)}${
    row.duplicate
      ? html`<span class="hint">Its contact email or domain is already in this workspace.</span>`
      : ''
  }</td>
</tr>`,
  )}</tbody></table></div>`;
}

/**
 * The mapping step of an uploaded file: a select of prospect fields per header column (the engine's suggestion
 * first), the delimiter detected, what to do with duplicates, and a preview of the first rows with each row's
 * problems beside its cells. "Refresh preview" shows the preview of the mapping chosen; "Start import" is
 * disabled while no column maps to Company.
 */
export function importMappingPage(input: {
  csrf: string;
  workspaceId: string;
  inspection: ImportInspection;
  duplicates: DuplicatePolicy;
  error?: string | undefined;
}): Page {
  const { inspection } = input;
  const { job } = inspection;
  const hasCompany = inspection.mapping.includes('company');
  const errors: FieldErrors = input.error ? { [MAPPING_ID]: input.error } : {};
  return {
    title: 'Map columns',
    section: 'import',
    head: importHead(),
    body: html`${errorSummary(errors)}
<dl class="facts">
  <dt>File</dt><dd>${job.file_name} <span class="hint">(${byteSize(job.byte_size)})</span></dd>
  <dt>Rows</dt><dd>${job.total_rows === null ? '—' : count(job.total_rows)} <span class="hint">below the header row</span></dd>
  <dt>Delimiter detected</dt><dd>${DELIMITERS[inspection.delimiter] ?? inspection.delimiter}</dd>
</dl>
<form method="post" action="${importUrl(input.workspaceId, job.id, '/start')}" class="mapping" novalidate>
  ${csrfField(input.csrf)}
  <fieldset id="${fieldId(MAPPING_ID)}"${input.error ? html` aria-invalid="true" aria-describedby="${fieldId(MAPPING_ID)}-error"` : ''}>
    <legend>Which prospect field does each column fill?</legend>
    <span class="hint">Suggested from the column names. Company is required; choose "Do not import" to leave a column out.</span>
    ${input.error && html`<span class="field-error" id="${fieldId(MAPPING_ID)}-error">${input.error}</span>`}
    <table class="columns"><thead><tr><th scope="col">Column in the file</th><th scope="col">Prospect field</th></tr></thead>
    <tbody>${inspection.headers.map((h, i) => columnSelect(i, h, inspection.mapping[i] ?? null))}</tbody></table>
  </fieldset>
  ${choiceField({
    name: 'duplicates',
    legend: 'Rows whose contact email or domain is already in this workspace',
    type: 'radio',
    options: [
      { value: 'skip', label: 'Skip them', hint: 'They are counted as skipped duplicates in the report.' },
      {
        value: 'create',
        label: 'Create them anyway',
        hint: 'A second prospect is added beside the existing one.',
      },
    ],
    checked: [input.duplicates],
  })}
  <div class="actions">
    <button type="submit" class="secondary" formaction="${importUrl(input.workspaceId, job.id, '/preview')}">Refresh preview</button>
    <button type="submit" data-start-import${hasCompany ? '' : html` disabled aria-describedby="start-hint"`}>Start import</button>
    <span class="hint" id="start-hint"${hasCompany ? html` hidden` : ''}>Map a column to Company to start.</span>
    <a href="${workspaceUrl(input.workspaceId, '/imports')}">Back to imports</a>
  </div>
  <h2>Preview</h2>
  ${previewTable(inspection)}
</form>`,
  };
}
