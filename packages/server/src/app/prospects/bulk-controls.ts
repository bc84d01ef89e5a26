import type { Teammate } from '../../store/teammates.js';
import { fieldId } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';

/** What the list page's bulk form needs beside the rows. */
export interface BulkControlsInput {
  workspaceId: string;
  csrf: string;
  /** The list's filters as the API's query (`tag=q4&owner_id=none`): what "all matching" acts on. */
  query: string;
  /** The page's own query string, to come back to when the form has a problem. */
  back: string;
  /** The matches as the list counted them, and whether that is a lower bound (a capped count). */
  total: number;
  atLeast: boolean;
  filtered: boolean;
  teammates: readonly Pick<Teammate, 'id' | 'name' | 'email'>[];
}

/** The id of the bulk form, which the rows' checkboxes name (they sit in the table, inside the form). */
export const BULK_FORM_ID = 'bulk';

/**
 * The bulk form's controls, above the table: which rows (the ticked ones, or all N matching the filters: the
 * filter set, not a list of ids, is what that job acts on), what to do (add a tag, remove a tag, set the owner)
 * and its value, and Apply. A plain POST form (no JavaScript); the table's checkboxes are its fields.
 * docs/bulk-actions.md.
 */
export function bulkControls(input: BulkControlsInput): SafeHtml {
  // A capped count (openapi.yaml `Count`) is a lower bound; the job counts its rows exactly when it is made.
  const n = input.total.toLocaleString('en-US');
  const noun = input.total === 1 && !input.atLeast ? 'prospect' : 'prospects';
  const all = input.atLeast
    ? `All ${input.filtered ? 'prospects matching the filters' : 'prospects of the workspace'} (at least ${n})`
    : input.filtered
      ? `All ${n} ${noun} matching the filters`
      : `All ${n} ${noun} of the workspace`;
  const radio = (value: string, label: string, checked: boolean) =>
    html`<label class="choice"><input type="radio" name="scope" value="${value}"${checked ? html` checked` : ''}> ${label}</label>`;
  return html`<form method="post" action="${workspaceUrl(input.workspaceId, '/prospects/bulk')}" id="${BULK_FORM_ID}" class="bulk">
${csrfField(input.csrf)}
<input type="hidden" name="query" value="${input.query}">
<input type="hidden" name="back" value="${input.back}">
<fieldset><legend>Change many prospects</legend>
<div class="field scope" role="group" aria-label="Which prospects">
  ${radio('selected', 'The prospects ticked below', true)}
  ${radio('all', all, false)}
</div>
<div class="field">
  <label for="${fieldId('bulk-action')}">Change</label>
  <select id="${fieldId('bulk-action')}" name="action">
    <option value="add_tag">Add a tag</option>
    <option value="remove_tag">Remove a tag</option>
    <option value="set_owner">Set the owner</option>
  </select>
</div>
<div class="field">
  <label for="${fieldId('bulk-tag')}">Tag to add or remove</label>
  <input id="${fieldId('bulk-tag')}" name="tag" type="text" maxlength="50">
</div>
<div class="field">
  <label for="${fieldId('bulk-owner')}">New owner</label>
  <select id="${fieldId('bulk-owner')}" name="owner">
    <option value="">No owner</option>
    ${input.teammates.map((t) => html`<option value="${t.id}">${t.name} (${t.email})</option>`)}
  </select>
</div>
<div class="field"><button type="submit" class="secondary">Apply</button></div>
</fieldset>
</form>`;
}

/** A row's checkbox, a field of the bulk form (by `form=`) though it sits in the table. */
export const rowCheckbox = (id: string, company: string): SafeHtml =>
  html`<input type="checkbox" name="id" value="${id}" form="${BULK_FORM_ID}" aria-label="Select ${company}">`;
