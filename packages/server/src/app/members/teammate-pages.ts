import type { Teammate } from '../../store/teammates.js';
import { MAX_TEAMMATE_EMAIL_LENGTH, MAX_TEAMMATE_NAME_LENGTH } from '../../store/teammates.js';
import { errorSummary, type FieldErrors, inputField } from '../shared/form-fields.js';
import { timeTag } from '../shared/format.js';
import { html } from '../shared/html.js';
import { csrfField, settingsUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import type { TeammateFormValues } from './teammate-form.js';

const teammatesUrl = (workspaceId: string, rest = '') => settingsUrl(workspaceId, `/teammates${rest}`);

/** The workspace's teammates, by name, each with a remove link, and the add form below. */
export function teammatesPage(input: {
  csrf: string;
  workspaceId: string;
  teammates: readonly Teammate[];
  values?: TeammateFormValues;
  errors?: FieldErrors;
}): Page {
  const errors = input.errors ?? {};
  const values = input.values ?? { name: '', email: '' };
  const rows = input.teammates.map(
    (t) => html`<tr>
  <td data-label="Name" class="wrap">${t.name}<div class="hint"><code>${t.id}</code></div></td>
  <td data-label="Email" class="wrap">${t.email}</td>
  <td data-label="Added">${timeTag(t.created_at)}</td>
  <td data-label="Actions"><a href="${teammatesUrl(input.workspaceId, `/${encodeURIComponent(t.id)}/remove`)}">Remove<span class="sr-only"> ${t.name}</span></a></td>
</tr>`,
  );
  return {
    title: 'Teammates',
    section: 'teammates',
    body: html`<p class="lead">Teammates are the people who answer prospects: conversations in the inbox are assigned to
them, and the app offers them as a prospect's owner. Assigning a conversation sends the <code>conversation.assigned</code> webhook event.</p>
${
  input.teammates.length === 0
    ? html`<p>No teammates yet.</p>`
    : html`<table class="stack"><caption>Teammates of this workspace</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Added</th>
<th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table>`
}
<h2 id="add-teammate">Add a teammate</h2>
${errorSummary(errors)}
<form method="post" action="${teammatesUrl(input.workspaceId)}" class="stack" novalidate aria-labelledby="add-teammate">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'name', label: 'Name', value: values.name, error: errors.name, maxlength: MAX_TEAMMATE_NAME_LENGTH, autocomplete: 'off', required: true })}
  ${inputField({ name: 'email', label: 'Email address', type: 'email', value: values.email, hint: 'Unique in this workspace.', error: errors.email, maxlength: MAX_TEAMMATE_EMAIL_LENGTH, autocomplete: 'off', required: true })}
  <div class="actions"><button type="submit">Add teammate</button></div>
</form>`,
  };
}

/** Asks before removing a teammate, saying how many conversations it unassigns. */
export function removeTeammatePage(input: {
  csrf: string;
  workspaceId: string;
  teammate: Teammate;
  assignedConversations: number;
}): Page {
  const { teammate, assignedConversations: n } = input;
  return {
    title: 'Remove teammate',
    section: 'teammates',
    body: html`<p>Remove <strong>${teammate.name}</strong> (${teammate.email}) from this workspace?</p>
<p>${
      n === 0
        ? 'No conversation is assigned to them.'
        : `${n} ${n === 1 ? 'conversation is' : 'conversations are'} assigned to them: ${n === 1 ? 'it' : 'each'} will be unassigned, sending the conversation.assigned event with no assignee.`
    } Prospects they own keep them as owner.</p>
<form method="post" action="${teammatesUrl(input.workspaceId, `/${encodeURIComponent(teammate.id)}/remove`)}" class="actions">
  ${csrfField(input.csrf)}
  <button type="submit" class="danger">Remove teammate</button>
  <a href="${teammatesUrl(input.workspaceId)}">Cancel</a>
</form>`,
  };
}
