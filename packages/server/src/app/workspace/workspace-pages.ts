import { inboundAddress } from '../../mail/inbound-address.js';
import type { Workspace } from '../../store/workspaces.js';
import { MAX_NAME_LENGTH } from '../shared/form-body.js';
import { errorSummary, type FieldErrors, inputField } from '../shared/form-fields.js';
import { timeTag } from '../shared/format.js';
import { html } from '../shared/html.js';
import { csrfField, settingsUrl, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';

const statusOf = (w: Workspace) =>
  w.suspended_at
    ? html`<span class="status bad">Suspended</span>`
    : html`<span class="status ok">Active</span>`;

/** The workspace picker, with a form to add a workspace. */
export function workspacesPage(input: {
  csrf: string;
  workspaces: ReadonlyArray<Workspace & { role?: string }>;
  /** Whether the form to add a workspace is shown (the installation's owner). */
  canCreate?: boolean;
  name?: string;
  errors?: FieldErrors;
}): Page {
  const errors = input.errors ?? {};
  return {
    title: 'Workspaces',
    body: html`${errorSummary(errors)}
<p class="lead">Every API token and webhook belongs to one workspace. Choose the workspace to manage.</p>
${
  input.workspaces.length === 0
    ? html`<p>You are not a member of any workspace yet. Ask an admin of a workspace to invite you.</p>`
    : html`<ul class="cards">${input.workspaces.map(
        (
          w,
        ) => html`<li><a href="${workspaceUrl(w.id, '/prospects')}"><strong>${w.name}</strong></a> ${statusOf(w)}
<div class="hint"><code>${w.id}</code>${w.role ? ` · ${w.role}` : ''}</div></li>`,
      )}</ul>`
}
${
  input.canCreate &&
  html`<p><a href="/postmaster">Postmaster mail</a>: mail to this server's postmaster address, for whoever runs it.</p>
<h2>Add a workspace</h2>
<form method="post" action="/workspaces" class="stack">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'name', label: 'Workspace name', value: input.name ?? '', error: errors.name, maxlength: MAX_NAME_LENGTH, autocomplete: 'off' })}
  <div class="actions"><button type="submit">Add workspace</button></div>
</form>`
}`,
  };
}

/** Workspace settings: its name, its inbound mail address, and suspend or resume. */
export function workspacePage(input: {
  csrf: string;
  workspace: Workspace;
  /** `PROSPECTKIT_INBOUND_DOMAIN`, for the workspace's inbound address. */
  inboundDomain: string;
  name?: string;
  errors?: FieldErrors;
}): Page {
  const { workspace: w } = input;
  const errors = input.errors ?? {};
  return {
    title: 'Workspace settings',
    section: 'workspace',
    body: html`${errorSummary(errors)}
<dl class="facts">
  <dt>Workspace id</dt><dd><code>${w.id}</code></dd>
  <dt>Created</dt><dd>${timeTag(w.created_at)}</dd>
  <dt>Status</dt><dd>${statusOf(w)}${w.suspended_at && html` since ${timeTag(w.suspended_at)}`}</dd>
  <dt>Inbound address</dt><dd><code>${inboundAddress(w.id, input.inboundDomain)}</code>
    <div class="hint">Mail from a prospect’s contact email to this address joins their conversation in the inbox.</div></dd>
</dl>
<h2>Name</h2>
<form method="post" action="${settingsUrl(w.id, '/name')}" class="stack">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'name', label: 'Workspace name', value: input.name ?? w.name, error: errors.name, maxlength: MAX_NAME_LENGTH, autocomplete: 'off' })}
  <div class="actions"><button type="submit">Save name</button></div>
</form>
<h2>${w.suspended_at ? 'Resume the workspace' : 'Suspend the workspace'}</h2>
${
  w.suspended_at
    ? html`<p>The workspace is suspended: every API request with its tokens gets 401. Resuming lets its tokens work
again (revoked and expired tokens stay unusable).</p>
<form method="post" action="${settingsUrl(w.id, '/resume')}">${csrfField(input.csrf)}<button type="submit">Resume workspace</button></form>`
    : html`<p>While the workspace is suspended, every API request with its tokens gets 401. Nothing is deleted; you
can resume it at any time.</p>
<form method="post" action="${settingsUrl(w.id, '/suspend')}">${csrfField(input.csrf)}<button type="submit" class="danger">Suspend workspace</button></form>`
}`,
  };
}
