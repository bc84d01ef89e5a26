import type { CustomFieldDefinition } from '@prospectkit/core';
import type { Teammate } from '../../store/teammates.js';
import { errorSummary, type FieldErrors, fieldId, inputField } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { type CustomFieldFormValues, customFieldInputs } from './custom-field-inputs.js';
import { ownerSelect } from './owner-select.js';
import { DUPLICATE_OF_FIELD, PROSPECT_FIELD_LABELS, type ProspectFormValues } from './prospect-form.js';
import { prospectUrl } from './prospect-list-page.js';

/** Lengths from openapi.yaml `components.schemas` (Company, Domain, ...), so a browser stops typing there. */
const MAX_LENGTH = {
  company: 255,
  domain: 253,
  website: 2048,
  location: 255,
  contact_first_name: 127,
  contact_last_name: 127,
  contact_name: 255,
  contact_title: 255,
  contact_email: 254,
  contact_phone: 64,
  contact_profile_url: 2048,
  city: 255,
  region: 255,
  country: 8,
  notes: 10_000,
  tag: 50,
} as const;

/** The workspace's prospect that already has the contact email typed in the add form. */
export interface DuplicateEmail {
  id: string;
  company: string;
  contactName: string | null;
  email: string;
}

/**
 * The warning of the add form when the contact email is already a prospect's: a link to that prospect, and
 * "Add anyway", which sends the form again with the id warned about (a second, different match warns again).
 */
function duplicateWarning(workspaceId: string, duplicate: DuplicateEmail): SafeHtml {
  const name = duplicate.contactName ? `${duplicate.company} (${duplicate.contactName})` : duplicate.company;
  return html`<div class="warning duplicate" role="alert" id="duplicate-warning">
  <h2>This email is already a prospect's</h2>
  <p><a href="${prospectUrl(workspaceId, duplicate.id)}">${name}</a> already has the contact email
  ${duplicate.email}. Open it to update it, or add this prospect as a second one.</p>
  <input type="hidden" name="${DUPLICATE_OF_FIELD}" value="${duplicate.id}">
  <button type="submit" name="intent" value="add-duplicate" class="secondary">Add anyway</button>
</div>`;
}

/** One text box per tag, then the empty ones, and a submit button that asks for one more (no script needed). */
function tagEditor(values: ProspectFormValues, errors: FieldErrors): SafeHtml {
  const boxes = [...values.tags, ...Array.from({ length: values.blankTags }, () => '')];
  const listError = errors.tags;
  return html`<fieldset id="${fieldId('tags')}" class="tag-editor"${listError ? html` aria-invalid="true"` : ''}
  aria-describedby="${fieldId('tags')}-hint${listError ? ` ${fieldId('tags')}-error` : ''}">
  <legend>Tags</legend>
  <span class="hint" id="${fieldId('tags')}-hint">One tag per box, up to 50 tags of 50 characters. Leave a box empty to skip it.</span>
  ${listError && html`<span class="field-error" id="${fieldId('tags')}-error">${listError}</span>`}
  ${boxes.map((tag, i) => {
    const name = `tags.${i}`;
    const error = i < values.tags.length ? errors[name] : undefined;
    return html`<div class="field tag">
    <label for="${fieldId(name)}">Tag ${i + 1}</label>
    ${error && html`<span class="field-error" id="${fieldId(name)}-error">${error}</span>`}
    <input id="${fieldId(name)}" name="tags" type="text" value="${tag}" maxlength="${MAX_LENGTH.tag}" autocomplete="off"${
      error ? html` aria-invalid="true" aria-describedby="${fieldId(name)}-error"` : ''
    }>
  </div>`;
  })}
  <div><button type="submit" name="intent" value="add-tag" class="secondary">Add another tag</button></div>
</fieldset>`;
}

function notesField(value: string, error: string | undefined): SafeHtml {
  const id = fieldId('notes');
  return html`<div class="field">
  <label for="${id}">Notes</label>
  ${error && html`<span class="field-error" id="${id}-error">${error}</span>`}
  <textarea id="${id}" name="notes" rows="5" maxlength="${MAX_LENGTH.notes}"${
    error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }>${value}</textarea>
</div>`;
}

/**
 * The add and edit form of a prospect, with the API's messages beside their fields and what was typed kept.
 * Every field is sent; Save is the form's first submit button, so Enter saves rather than adding a tag box.
 */
export function prospectFormPage(input: {
  csrf: string;
  workspaceId: string;
  /** The prospect being edited; absent when adding. */
  prospect?: { id: string; company: string };
  values: ProspectFormValues;
  errors?: FieldErrors;
  /** The workspace's teammates, for the owner select. */
  teammates: readonly Pick<Teammate, 'id' | 'name' | 'email'>[];
  /** The workspace's custom fields and their values in the form. Default: none. */
  customFields?: { definitions: readonly CustomFieldDefinition[]; values: CustomFieldFormValues };
  /** What the form changed in the values typed (`describeWebAddressChanges`), said above the form. */
  notice?: string;
  /** On the add form: the prospect that already has the contact email typed, warned about before adding. */
  duplicate?: DuplicateEmail;
}): Page {
  const errors = input.errors ?? {};
  const v = input.values;
  const editing = input.prospect;
  const action = editing
    ? prospectUrl(input.workspaceId, editing.id)
    : workspaceUrl(input.workspaceId, '/prospects');
  const save = editing ? 'Save changes' : 'Add prospect';
  const cancel = editing
    ? prospectUrl(input.workspaceId, editing.id)
    : workspaceUrl(input.workspaceId, '/prospects');
  const text = (
    name: Exclude<keyof typeof MAX_LENGTH, 'notes' | 'tag'>,
    label: string,
    extra: { hint?: string; type?: 'text' | 'url'; autocomplete?: string; required?: boolean } = {},
  ) =>
    inputField({
      name,
      label,
      value: v[name],
      error: errors[name],
      maxlength: MAX_LENGTH[name],
      autocomplete: extra.autocomplete ?? 'off',
      ...extra,
    });
  return {
    title: editing ? `Edit ${editing.company}` : 'Add a prospect',
    section: 'prospects',
    body: html`${errorSummary(errors)}
${input.notice && html`<p class="notice" role="status">${input.notice}</p>`}
<form method="post" action="${action}" class="stack" novalidate>
  ${csrfField(input.csrf)}
  <button type="submit" class="default-submit" tabindex="-1" aria-hidden="true">${save}</button>
  ${input.duplicate && duplicateWarning(input.workspaceId, input.duplicate)}
  ${text('company', PROSPECT_FIELD_LABELS.company, { hint: 'Required.', required: true })}
  ${text('domain', PROSPECT_FIELD_LABELS.domain, { hint: 'A host name, e.g. acme.example. A web address is saved as its host.' })}
  ${text('website', PROSPECT_FIELD_LABELS.website, { type: 'url', hint: 'An http or https address, e.g. https://acme.example; https:// is added when left out.' })}
  ${text('contact_first_name', PROSPECT_FIELD_LABELS.contact_first_name)}
  ${text('contact_last_name', PROSPECT_FIELD_LABELS.contact_last_name)}
  ${text('contact_name', PROSPECT_FIELD_LABELS.contact_name, { hint: 'The name shown for the contact. Leave it empty to use the first and last name.' })}
  ${text('contact_title', PROSPECT_FIELD_LABELS.contact_title, { hint: 'e.g. Head of Sales.' })}
  ${text('contact_email', PROSPECT_FIELD_LABELS.contact_email, { hint: 'e.g. ada@acme.example.' })}
  ${text('contact_phone', PROSPECT_FIELD_LABELS.contact_phone, { hint: 'As you would dial it, e.g. +44 20 7946 0958.' })}
  ${text('contact_profile_url', PROSPECT_FIELD_LABELS.contact_profile_url, { type: 'url', hint: 'LinkedIn or another profile page, e.g. https://www.linkedin.com/in/ada.' })}
  ${text('location', PROSPECT_FIELD_LABELS.location, { hint: 'Free text, e.g. London and remote.' })}
  ${text('city', PROSPECT_FIELD_LABELS.city)}
  ${text('region', PROSPECT_FIELD_LABELS.region, { hint: 'State, province or region.' })}
  ${text('country', PROSPECT_FIELD_LABELS.country, { hint: 'Two-letter country code, e.g. FR or GB.' })}
  ${ownerSelect({ workspaceId: input.workspaceId, value: v.owner_id, teammates: input.teammates, error: errors.owner_id })}
  ${tagEditor(v, errors)}
  ${notesField(v.notes, errors.notes)}
  ${input.customFields && customFieldInputs(input.customFields.definitions, input.customFields.values, errors)}
  <div class="actions"><button type="submit">${save}</button>
  <a href="${cancel}">Cancel</a></div>
</form>`,
  };
}
