import { CUSTOM_FIELD_LIMIT, CUSTOM_FIELD_TYPES, type CustomFieldDefinition } from '@prospectkit/core';
import { errorSummary, type FieldErrors, fieldId, inputField } from '../shared/form-fields.js';
import { html } from '../shared/html.js';
import { csrfField, settingsUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { CUSTOM_FIELD_TYPE_LABELS, type CustomFieldFormValues } from './custom-field-form.js';

const EMPTY: CustomFieldFormValues = { label: '', key: '', type: 'text', options: '' };

/**
 * Workspace settings → Fields: the workspace's custom fields (label, key, type, options) with a Remove button
 * each, and the Add a field form. @see docs/prospects.md, "Custom fields"
 */
export function customFieldsPage(input: {
  csrf: string;
  workspaceId: string;
  fields: readonly CustomFieldDefinition[];
  values?: CustomFieldFormValues;
  errors?: FieldErrors;
}): Page {
  const errors = input.errors ?? {};
  const v = input.values ?? EMPTY;
  const url = (rest = '') => settingsUrl(input.workspaceId, `/fields${rest}`);
  const full = input.fields.length >= CUSTOM_FIELD_LIMIT;
  return {
    title: 'Fields',
    section: 'fields',
    body: html`${errorSummary(errors)}
<p class="lead">Custom fields add your own columns to every prospect of this workspace: shown on the prospect's page,
edited in its form, and read and written through the API as <code>custom_fields</code> by key.
Up to ${CUSTOM_FIELD_LIMIT} fields.</p>
${
  input.fields.length === 0
    ? html`<p>No custom fields yet.</p>`
    : html`<table class="stack"><caption>Custom fields, in the order the prospect's page shows them</caption>
<thead><tr><th scope="col">Label</th><th scope="col">Key</th><th scope="col">Type</th><th scope="col">Options</th><th scope="col"><span class="sr-only">Remove</span></th></tr></thead>
<tbody>${input.fields.map(
        (f) => html`<tr>
  <td data-label="Label">${f.label}</td>
  <td data-label="Key"><code>${f.key}</code></td>
  <td data-label="Type">${CUSTOM_FIELD_TYPE_LABELS[f.type]}</td>
  <td data-label="Options" class="wrap">${f.options.length > 0 ? f.options.join(', ') : html`<span class="hint">—</span>`}</td>
  <td data-label="Remove"><form method="post" action="${url(`/${encodeURIComponent(f.key)}/remove`)}">${csrfField(input.csrf)}
    <button type="submit" class="danger">Remove<span class="sr-only"> ${f.label}</span></button></form></td>
</tr>`,
      )}</tbody></table>
<p class="hint">Removing a field removes its value from every prospect.</p>`
}
<h2>Add a field</h2>
${
  full
    ? html`<p>This workspace has ${CUSTOM_FIELD_LIMIT} fields, the most it can have. Remove one to add another.</p>`
    : html`<form method="post" action="${url()}" class="stack" novalidate>
  ${csrfField(input.csrf)}
  ${inputField({ name: 'label', label: 'Label', value: v.label, error: errors.label, maxlength: 100, autocomplete: 'off', required: true })}
  ${inputField({ name: 'key', label: 'Key', value: v.key, error: errors.key, maxlength: 40, autocomplete: 'off', hint: 'The name in the API, e.g. lifecycle_stage. Leave it empty to make it from the label.' })}
  <div class="field">
    <label for="${fieldId('type')}">Type</label>
    ${errors.type && html`<span class="field-error" id="${fieldId('type')}-error">${errors.type}</span>`}
    <select id="${fieldId('type')}" name="type"${errors.type ? html` aria-invalid="true" aria-describedby="${fieldId('type')}-error"` : ''}>${CUSTOM_FIELD_TYPES.map(
      (t) =>
        html`<option value="${t}"${v.type === t ? html` selected` : ''}>${CUSTOM_FIELD_TYPE_LABELS[t]}</option>`,
    )}</select>
  </div>
  <div class="field">
    <label for="${fieldId('options')}">Options</label>
    <span class="hint" id="${fieldId('options')}-hint">For a single or multi select: one option per line, up to 50.</span>
    ${errors.options && html`<span class="field-error" id="${fieldId('options')}-error">${errors.options}</span>`}
    <textarea id="${fieldId('options')}" name="options" rows="4" aria-describedby="${fieldId('options')}-hint${errors.options ? ` ${fieldId('options')}-error` : ''}"${errors.options ? html` aria-invalid="true"` : ''}>${v.options}</textarea>
  </div>
  <div class="actions"><button type="submit">Add field</button></div>
</form>`
}`,
  };
}
