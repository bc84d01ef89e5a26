import { MEMBER_ROLES, type Member, type MemberRole } from '../../store/members.js';
import { MAX_TEAMMATE_EMAIL_LENGTH, MAX_TEAMMATE_NAME_LENGTH } from '../../store/teammates.js';
import { can } from '../shared/authorize.js';
import { errorSummary, type FieldErrors, fieldId, inputField } from '../shared/form-fields.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, settingsUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import type { InviteFormValues } from './member-form.js';

/** URL of the Members page, or a page below it. */
export const membersUrl = (workspaceId: string, rest = '') => settingsUrl(workspaceId, `/members${rest}`);

const ROLE_HINTS: Record<MemberRole, string> = {
  owner: 'everything, and makes or unmakes owners',
  admin: 'members, API tokens, webhooks, workspace settings, audit log',
  member: 'prospects, imports, inbox',
  viewer: 'reads prospects, imports and inbox; changes nothing',
};

function roleSelect(
  name: string,
  id: string,
  roles: readonly MemberRole[],
  selected: string,
  error?: string,
): SafeHtml {
  return html`<select id="${id}" name="${name}"${error ? html` aria-invalid="true"` : ''}>${roles.map(
    (r) => html`<option value="${r}"${r === selected ? html` selected` : ''}>${r}: ${ROLE_HINTS[r]}</option>`,
  )}</select>`;
}

/** The roles `actor` may hand out: an owner any, an admin all but owner. */
export const grantableRoles = (actor: Member): MemberRole[] =>
  MEMBER_ROLES.filter((r) => r !== 'owner' || can(actor.role, 'own'));

/** The workspace's members with their role and state, a role form and actions for each, and the invite form. */
export function membersPage(input: {
  csrf: string;
  workspaceId: string;
  actor: Member;
  members: readonly Member[];
  values?: InviteFormValues;
  errors?: FieldErrors;
}): Page {
  const { workspaceId, actor } = input;
  const errors = input.errors ?? {};
  const values = input.values ?? { name: '', email: '', role: 'member' };
  const grantable = grantableRoles(actor);
  const rows = input.members.map((m) => {
    const mayManage = m.id !== actor.id && (m.role !== 'owner' || can(actor.role, 'own'));
    const roleId = `role-${m.id}`;
    return html`<tr>
  <td data-label="Name" class="wrap">${m.name}${m.id === actor.id ? html` <span class="hint">(you)</span>` : ''}<div class="hint"><code>${m.id}</code></div></td>
  <td data-label="Email" class="wrap">${m.email}</td>
  <td data-label="Role">${
    mayManage
      ? html`<form method="post" action="${membersUrl(workspaceId, `/${encodeURIComponent(m.id)}/role`)}" class="inline">${csrfField(input.csrf)}
<label for="${roleId}" class="sr-only">Role of ${m.name}</label>${roleSelect('role', roleId, grantable.includes(m.role) ? grantable : [m.role, ...grantable], m.role)}
<button type="submit" class="secondary">Save<span class="sr-only"> role of ${m.name}</span></button></form>`
      : m.role
  }</td>
  <td data-label="State">${m.active ? html`<span class="status ok">Active</span>` : html`<span class="status wait">Invited</span>`}</td>
  <td data-label="Added">${timeTag(m.created_at)}</td>
  <td data-label="Actions">${
    mayManage
      ? html`<a href="${membersUrl(workspaceId, `/${encodeURIComponent(m.id)}/remove`)}">Remove<span class="sr-only"> ${m.name}</span></a>
<form method="post" action="${membersUrl(workspaceId, `/${encodeURIComponent(m.id)}/password-reset`)}" class="inline">${csrfField(input.csrf)}<button type="submit" class="link">${m.active ? 'Password reset link' : 'New invitation link'}<span class="sr-only"> for ${m.name}</span></button></form>`
      : ''
  }</td>
</tr>`;
  });
  return {
    title: 'Members',
    section: 'members',
    body: html`<p class="lead">Members sign in to this workspace with their email address. Their role decides what
they see and do; conversations in the inbox are assigned to them (assigning sends the <code>conversation.assigned</code> event).</p>
<table class="stack"><caption>Members of this workspace</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">State</th><th scope="col">Added</th>
<th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table>
<h2 id="invite">Invite a member</h2>
${errorSummary(errors)}
<form method="post" action="${membersUrl(workspaceId)}" class="stack" novalidate aria-labelledby="invite">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'name', label: 'Name', value: values.name, error: errors.name, maxlength: MAX_TEAMMATE_NAME_LENGTH, autocomplete: 'off', required: true })}
  ${inputField({ name: 'email', label: 'Email address', type: 'email', value: values.email, hint: 'They sign in with it. The invitation link is emailed to it, or shown to you to send when this server sends no email.', error: errors.email, maxlength: MAX_TEAMMATE_EMAIL_LENGTH, autocomplete: 'off', required: true })}
  <div class="field"><label for="${fieldId('role')}">Role</label>${errors.role && html`<span class="field-error">${errors.role}</span>`}
  ${roleSelect('role', fieldId('role'), grantable, values.role, errors.role)}</div>
  <div class="actions"><button type="submit">Invite</button></div>
</form>`,
  };
}

/** A one-time link to hand over by hand (no relay configured, or the relay failed). Shown once. */
export function linkToSharePage(input: {
  workspaceId: string;
  title: string;
  text: string;
  link: string;
}): Page {
  return {
    title: input.title,
    section: 'members',
    body: html`<div class="warning" role="status"><p>${input.text}</p></div>
<div class="field"><label for="share-link">One-time link (shown once)</label>
<input id="share-link" type="text" readonly value="${input.link}" class="secret">
<button type="button" data-copy="share-link" hidden>Copy</button><span id="share-link-status" role="status"></span></div>
<p><a href="${membersUrl(input.workspaceId)}">Back to members</a></p>`,
  };
}

/** Asks before removing a member: their conversations, their tokens, their sessions. */
export function removeMemberPage(input: {
  csrf: string;
  workspaceId: string;
  member: Member;
  assignedConversations: number;
  activeTokens: number;
}): Page {
  const { member, assignedConversations: n, activeTokens: t } = input;
  return {
    title: 'Remove member',
    section: 'members',
    body: html`<p>Remove <strong>${member.name}</strong> (${member.email}) from this workspace? Every session of theirs ends at once.</p>
<p>${
      n === 0
        ? 'No conversation is assigned to them.'
        : `${n} ${n === 1 ? 'conversation is' : 'conversations are'} assigned to them: ${n === 1 ? 'it' : 'each'} will be unassigned, sending the conversation.assigned event with no assignee.`
    } Prospects they own keep them as owner.</p>
<form method="post" action="${membersUrl(input.workspaceId, `/${encodeURIComponent(member.id)}/remove`)}" class="stack">
  ${csrfField(input.csrf)}
  ${
    t > 0 &&
    html`<div class="choice"><input type="checkbox" id="revoke-tokens" name="revoke_tokens" value="1"><label for="revoke-tokens">Also revoke the ${t} API ${t === 1 ? 'token' : 'tokens'} they created <span class="hint">(otherwise ${t === 1 ? 'it keeps' : 'they keep'} working, shown as created by a former member)</span></label></div>`
  }
  <div class="actions"><button type="submit" class="danger">Remove member</button>
  <a href="${membersUrl(input.workspaceId)}">Cancel</a></div>
</form>`,
  };
}
