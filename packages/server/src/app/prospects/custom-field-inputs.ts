import type { CustomFieldDefinition, CustomFieldValue, Prospect, ProspectCreate } from '@prospectkit/core';
import { type FormBody, listOf, textOf } from '../shared/form-body.js';
import { choiceField, type FieldErrors, fieldId, inputField } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';

/** The custom fields as the form holds them, by key: text for most types, the ticked options for a multi select. */
export type CustomFieldFormValues = Record<string, string | string[]>;

/** The form's name of a custom field's control (`cf_lifecycle_stage`): a flat name, as the body parser reads it. */
const inputName = (key: string) => `cf_${key}`;

/** What the form sent for each of the workspace's custom fields. */
export function readCustomFieldValues(
  body: FormBody | undefined,
  definitions: readonly CustomFieldDefinition[],
): CustomFieldFormValues {
  return Object.fromEntries(
    definitions.map((d) => [
      d.key,
      d.type === 'multi_select' ? listOf(body, inputName(d.key)) : textOf(body, inputName(d.key)),
    ]),
  );
}

/** A prospect's values as the edit form shows them (`Yes`/`No` for a checkbox, the number as typed). */
export function customFieldFormValues(
  prospect: Prospect | undefined,
  definitions: readonly CustomFieldDefinition[],
): CustomFieldFormValues {
  const show = (value: CustomFieldValue | undefined): string | string[] => {
    if (value === undefined) return '';
    if (Array.isArray(value)) return value;
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    return String(value);
  };
  return Object.fromEntries(
    definitions.map((d) => [d.key, show(prospect?.custom_fields[d.key])] as [string, string | string[]]),
  );
}

/**
 * The API's `custom_fields` the form stands for: every field sent, an empty control as `null` (remove), a number
 * typed that is not one sent as typed (so the API's 422 names it), Yes/No as `true`/`false`.
 *
 * @see openapi.yaml `CustomFieldValueInput`
 */
export function customFieldsBody(
  values: CustomFieldFormValues,
  definitions: readonly CustomFieldDefinition[],
): NonNullable<ProspectCreate['custom_fields']> {
  const body: NonNullable<ProspectCreate['custom_fields']> = {};
  for (const d of definitions) {
    const value = values[d.key] ?? '';
    if (Array.isArray(value)) {
      body[d.key] = value.length === 0 ? null : value;
      continue;
    }
    const text = value.trim();
    if (text === '') body[d.key] = null;
    else if (d.type === 'checkbox') body[d.key] = text === 'yes';
    else if (d.type === 'number') body[d.key] = Number.isFinite(Number(text)) ? Number(text) : text;
    else body[d.key] = text;
  }
  return body;
}

/** The label of `custom_fields.<key>`, for the API's messages on the form. */
export function customFieldLabel(
  definitions: readonly CustomFieldDefinition[],
): (path: string) => string | undefined {
  return (path) => definitions.find((d) => `custom_fields.${d.key}` === path)?.label;
}

/** The form's controls for the workspace's custom fields, with the API's messages beside them. */
export function customFieldInputs(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldFormValues,
  errors: FieldErrors,
): SafeHtml {
  if (definitions.length === 0) return html``;
  return html`<fieldset class="stack"><legend>Custom fields</legend>${definitions.map((d) => {
    const name = inputName(d.key);
    const value = values[d.key] ?? '';
    const error = errors[`custom_fields.${d.key}`];
    if (d.type === 'multi_select')
      return choiceField({
        name,
        legend: d.label,
        options: d.options.map((o) => ({ value: o, label: o })),
        checked: Array.isArray(value) ? value : [],
        error,
      });
    if (d.type === 'single_select' || d.type === 'checkbox') {
      const options =
        d.type === 'checkbox'
          ? [
              ['yes', 'Yes'],
              ['no', 'No'],
            ]
          : d.options.map((o) => [o, o]);
      const id = fieldId(name);
      return html`<div class="field">
  <label for="${id}">${d.label}</label>
  ${error && html`<span class="field-error" id="${id}-error">${error}</span>`}
  <select id="${id}" name="${name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}><option value="">—</option>${options.map(
    ([v, label]) => html`<option value="${v}"${value === v ? html` selected` : ''}>${label}</option>`,
  )}</select>
</div>`;
    }
    const type =
      d.type === 'date' ? 'date' : d.type === 'url' ? 'url' : d.type === 'email' ? 'email' : 'text';
    return inputField({
      name,
      label: d.label,
      value: String(value),
      error,
      type,
      autocomplete: 'off',
      maxlength: 2000,
    });
  })}</fieldset>`;
}

/** The prospect page's facts for the custom fields, in the workspace's order. */
export function customFieldFacts(
  definitions: readonly CustomFieldDefinition[],
  prospect: Prospect,
): SafeHtml {
  return html`${definitions.map((d) => {
    const value = prospect.custom_fields[d.key];
    const shown =
      value === undefined
        ? html`<span class="hint">—</span>`
        : Array.isArray(value)
          ? value.join(', ')
          : typeof value === 'boolean'
            ? value
              ? 'Yes'
              : 'No'
            : d.type === 'url'
              ? html`<a class="wrap" href="${String(value)}" rel="noopener noreferrer nofollow">${String(value)}</a>`
              : String(value);
    return html`<dt>${d.label}</dt><dd>${shown}</dd>`;
  })}`;
}
