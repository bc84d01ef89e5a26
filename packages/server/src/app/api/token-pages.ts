import { ABILITIES } from '@prospectkit/core';
import type { ApiTokenRecord } from '../../store/api-tokens.js';
import { MAX_NAME_LENGTH } from '../shared/form-body.js';
import { choiceField, errorSummary, type FieldErrors, inputField } from '../shared/form-fields.js';
import { timeTag, utcDateOnly } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, settingsUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { latestExpiryDate, type TokenFormValues } from './token-form.js';

const ABILITY_HINTS: Record<string, string> = {
  'prospects:read': 'list and read prospects',
  'prospects:write': 'create and update prospects',
  'outcomes:write': 'record sales outcomes',
};

/** `active`, `expired` or `revoked`, as the list shows it. */
export function tokenStatus(token: ApiTokenRecord, now: Date): 'active' | 'expired' | 'revoked' {
  if (token.revoked_at) return 'revoked';
  return token.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

const STATUS_CLASS = { active: 'ok', expired: 'off', revoked: 'bad' } as const;

/** A read-only field holding a secret, with a copy button (shown by the page script) and a live status. */
export function copyField(id: string, label: string, value: string): SafeHtml {
  return html`<div class="field"><label for="${id}">${label}</label>
<div class="secret"><input id="${id}" type="text" readonly value="${value}" autocomplete="off" spellcheck="false">
<button type="button" class="secondary" data-copy="${id}" hidden>Copy</button>
<span id="${id}-status" role="status" class="hint"></span></div></div>`;
}

/**
 * Who created a token: a member's name, "a former member" once they left (their tokens keep working unless
 * revoked with them; docs/architecture.md, "People, roles and the audit log"), or the CLI.
 */
export function creatorOf(t: ApiTokenRecord): string {
  if (!t.created_by) return 'by the CLI';
  return t.created_by_former
    ? `by ${t.created_by_name ?? 'someone'} (former member)`
    : `by ${t.created_by_name ?? 'a member'}`;
}

/** The workspace's API tokens, newest last, with create and revoke. */
export function tokensPage(input: {
  workspaceId: string;
  tokens: readonly ApiTokenRecord[];
  now: Date;
}): Page {
  const rows = input.tokens.map((t) => {
    const status = tokenStatus(t, input.now);
    return html`<tr>
  <td data-label="Name" class="wrap">${t.name}<div class="hint"><code>${t.id}</code></div></td>
  <td data-label="Abilities">${t.abilities.map((a, i) => html`${i > 0 ? ', ' : ''}<code>${a}</code>`)}</td>
  <td data-label="Created">${timeTag(t.created_at)}<div class="hint">${creatorOf(t)}</div></td>
  <td data-label="Expires">${timeTag(t.expires_at)}</td>
  <td data-label="Last used">${timeTag(t.last_used_at, 'Never')}</td>
  <td data-label="Status"><span class="status ${STATUS_CLASS[status]}">${status}</span></td>
  <td data-label="Actions">${
    status === 'revoked'
      ? ''
      : html`<a href="${settingsUrl(input.workspaceId, `/tokens/${encodeURIComponent(t.id)}/revoke`)}">Revoke<span class="sr-only"> ${t.name}</span></a>`
  }</td>
</tr>`;
  });
  return {
    title: 'API tokens',
    section: 'tokens',
    body: html`<p class="lead">Tokens let outside systems call the API for this workspace with the abilities you choose.
Each token is shown once, when it is created.</p>
<p><a class="button" href="${settingsUrl(input.workspaceId, '/tokens/new')}">Create token</a></p>
${
  input.tokens.length === 0
    ? html`<p>No tokens yet.</p>`
    : html`<table class="stack"><caption>Tokens of this workspace</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Abilities</th><th scope="col">Created</th><th scope="col">Expires</th>
<th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table>`
}`,
  };
}

/** The create-token form, keeping what the user entered. */
export function newTokenPage(input: {
  csrf: string;
  workspaceId: string;
  values: TokenFormValues;
  errors?: FieldErrors;
  now: Date;
}): Page {
  const errors = input.errors ?? {};
  return {
    title: 'Create an API token',
    section: 'tokens',
    body: html`${errorSummary(errors)}
<form method="post" action="${settingsUrl(input.workspaceId, '/tokens')}" class="stack" novalidate>
  ${csrfField(input.csrf)}
  ${inputField({ name: 'name', label: 'Name', value: input.values.name, hint: 'What uses this token, e.g. "CRM sync".', error: errors.name, maxlength: MAX_NAME_LENGTH, autocomplete: 'off', required: true })}
  ${choiceField({
    name: 'abilities',
    legend: 'Abilities',
    hint: 'The token can do only what you tick.',
    options: ABILITIES.map((a) => ({
      value: a,
      label: html`<code>${a}</code>`,
      hint: ABILITY_HINTS[a] ?? '',
    })),
    checked: input.values.abilities,
    error: errors.abilities,
  })}
  ${inputField({
    name: 'expires_on',
    label: 'Expires on',
    type: 'date',
    value: input.values.expiresOn,
    min: utcDateOnly(new Date(input.now.getTime() + 86_400_000)),
    max: latestExpiryDate(input.now),
    hint: 'The token stops working at 00:00 UTC on this date. At most one year from today; 90 days unless you change it.',
    error: errors.expires_on,
    required: true,
  })}
  <div class="actions"><button type="submit">Create token</button>
  <a href="${settingsUrl(input.workspaceId, '/tokens')}">Cancel</a></div>
</form>`,
  };
}

/** The one time a new token is shown. */
export function tokenCreatedPage(input: {
  workspaceId: string;
  token: string;
  record: ApiTokenRecord;
}): Page {
  const { record } = input;
  return {
    title: 'Token created',
    section: 'tokens',
    body: html`<div class="warning" role="status"><strong>Copy the token now.</strong> It is not shown again: the
server keeps only a hash of it.</div>
${copyField('new-token', `Token "${record.name}"`, input.token)}
<dl class="facts">
  <dt>Abilities</dt><dd>${record.abilities.join(', ')}</dd>
  <dt>Expires</dt><dd>${timeTag(record.expires_at)}</dd>
</dl>
<p>Send it on every API request as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<p><a href="${settingsUrl(input.workspaceId, '/tokens')}">Back to API tokens</a></p>`,
  };
}

/** Asks before revoking a token. */
export function revokeTokenPage(input: { csrf: string; workspaceId: string; token: ApiTokenRecord }): Page {
  const { token } = input;
  return {
    title: 'Revoke token',
    section: 'tokens',
    body: html`<p>Revoke the token <strong>${token.name}</strong> (<code>${token.id}</code>)? Every request with it gets
401 from then on. This cannot be undone.</p>
<form method="post" action="${settingsUrl(input.workspaceId, `/tokens/${encodeURIComponent(token.id)}/revoke`)}" class="actions">
  ${csrfField(input.csrf)}
  <button type="submit" class="danger">Revoke token</button>
  <a href="${settingsUrl(input.workspaceId, '/tokens')}">Cancel</a>
</form>`,
  };
}
