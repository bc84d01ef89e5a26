import { AUDIT_ACTIONS, type AuditEntry } from '../../store/audit-log.js';
import type { Member } from '../../store/members.js';
import { timeTag } from '../shared/format.js';
import { html } from '../shared/html.js';
import { settingsUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';

/** URL of the audit log page with its filters. */
export const auditUrl = (workspaceId: string, query?: Record<string, string>) =>
  settingsUrl(
    workspaceId,
    `/audit${query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`,
  );

/**
 * The audit log of a workspace, newest first, 50 a page: who (and from which address) did what to what, with
 * filters by action and by member. Sign-in failures against the workspace's members are shown too.
 */
export function auditPage(input: {
  workspaceId: string;
  entries: readonly AuditEntry[];
  members: readonly Member[];
  action: string;
  actor: string;
  next: string | null;
}): Page {
  const { workspaceId } = input;
  const filters = {
    ...(input.action ? { action: input.action } : {}),
    ...(input.actor ? { actor: input.actor } : {}),
  };
  return {
    title: 'Audit log',
    section: 'audit',
    body: html`<p class="lead">Every change to this workspace's settings, tokens, webhooks, members and imports, and refused
sign-ins of its members: who, when, from which address, and to what. Entries are kept for
<code>PROSPECTKIT_AUDIT_RETENTION_DAYS</code> days.</p>
<form method="get" action="${auditUrl(workspaceId)}" class="inline search">
  <label for="f-action">Action</label>
  <select id="f-action" name="action"><option value="">Any action</option>${AUDIT_ACTIONS.map(
    (a) => html`<option value="${a}"${a === input.action ? html` selected` : ''}>${a}</option>`,
  )}</select>
  <label for="f-actor">By</label>
  <select id="f-actor" name="actor"><option value="">Anyone</option>${input.members.map(
    (m) =>
      html`<option value="${m.person_id}"${m.person_id === input.actor ? html` selected` : ''}>${m.name}</option>`,
  )}</select>
  <button type="submit" class="secondary">Show</button>
</form>
${
  input.entries.length === 0
    ? html`<p class="empty">No entries${Object.keys(filters).length ? ' match these filters' : ' yet'}.</p>`
    : html`<table class="stack"><caption>Audit log, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Address</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Detail</th></tr></thead>
<tbody>${input.entries.map(
        (e) => html`<tr>
  <td data-label="When">${timeTag(e.occurred_at)}</td>
  <td data-label="Who" class="wrap">${e.actor_label}</td>
  <td data-label="Address"><code>${e.ip ?? '—'}</code></td>
  <td data-label="Action"><code>${e.action}</code></td>
  <td data-label="Target" class="wrap">${e.target_label ?? e.target_id ?? '—'}${e.target_id && e.target_label ? html`<div class="hint"><code>${e.target_id}</code></div>` : ''}</td>
  <td data-label="Detail" class="wrap">${e.detail ?? ''}</td>
</tr>`,
      )}</tbody></table>`
}
${input.next && html`<p><a href="${auditUrl(workspaceId, { ...filters, before: input.next })}">Older entries</a></p>`}`,
  };
}
