import type { Prospect } from '@prospectkit/core';
import { errorSummary, type FieldErrors, fieldId, inputField } from '../shared/form-fields.js';
import { utcMinute } from '../shared/format.js';
import { html } from '../shared/html.js';
import { csrfField } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { OUTCOMES, outcomeBadge } from './outcome-badge.js';
import type { OutcomeFormValues } from './outcome-form.js';
import { prospectUrl } from './prospect-list-page.js';

/** The Record outcome form, filled with the prospect's current outcome; the meeting time is in UTC. */
export function outcomePage(input: {
  csrf: string;
  workspaceId: string;
  prospect: Prospect;
  values: OutcomeFormValues;
  errors?: FieldErrors;
  now: Date;
}): Page {
  const errors = input.errors ?? {};
  const v = input.values;
  const p = input.prospect;
  const outcomeId = fieldId('outcome');
  const current = p.outcome?.outcome ?? null;
  return {
    title: `Record outcome: ${p.company}`,
    section: 'prospects',
    body: html`${errorSummary(errors)}
<p>Current outcome: ${outcomeBadge(current)}</p>
<p class="lead">Fields you leave as they are keep their value; an emptied field is cleared. Each recording is kept in
the prospect's history and sends the outcome events to the workspace's webhooks.</p>
<form method="post" action="${prospectUrl(input.workspaceId, p.id, '/outcomes')}" class="stack" novalidate>
  ${csrfField(input.csrf)}
  <div class="field">
    <label for="${outcomeId}">Outcome</label>
    ${errors.outcome && html`<span class="field-error" id="${outcomeId}-error">${errors.outcome}</span>`}
    <select id="${outcomeId}" name="outcome"${errors.outcome ? html` aria-invalid="true" aria-describedby="${outcomeId}-error"` : ''}>
      ${current === null && html`<option value="">Choose an outcome</option>`}
      ${OUTCOMES.map((o) => html`<option value="${o}"${o === v.outcome ? html` selected` : ''}>${o}</option>`)}
    </select>
  </div>
  ${inputField({
    name: 'meeting_at',
    label: 'Meeting time (UTC)',
    type: 'datetime-local',
    value: v.meeting_at,
    hint: `In UTC, not your local time: now is ${utcMinute(input.now).replace('T', ' ')} UTC. Leave empty for no meeting.`,
    error: errors.meeting_at,
  })}
  <p class="hint offset" data-utc-offset hidden></p>
  <div class="money">
  ${inputField({
    name: 'value',
    label: 'Opportunity value',
    value: v.value,
    hint: 'In the currency’s main unit, e.g. 12500.00',
    error: errors.value,
    autocomplete: 'off',
  })}
  ${inputField({
    name: 'currency',
    label: 'Currency',
    value: v.currency,
    hint: 'e.g. EUR',
    error: errors.currency,
    autocomplete: 'off',
    maxlength: 3,
  })}
  </div>
  <div class="actions"><button type="submit">Record outcome</button>
  <a href="${prospectUrl(input.workspaceId, p.id)}">Cancel</a></div>
</form>`,
  };
}
