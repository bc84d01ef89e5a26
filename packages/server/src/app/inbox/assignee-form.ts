import type { Conversation } from '../../store/conversations.js';
import type { Teammate } from '../../store/teammates.js';
import { fieldId } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, settingsUrl, workspaceUrl } from '../shared/layout.js';

/** Where {@link assigneeForm} posts: the conversation's assignee below the inbox. */
export const assigneeUrl = (workspaceId: string, conversationId: string) =>
  workspaceUrl(workspaceId, `/inbox/${encodeURIComponent(conversationId)}/assignee`);

/**
 * The form that assigns a conversation to a teammate or unassigns it ("Unassigned", an empty `teammate_id`), for
 * the inbox's conversation page. It posts to `POST .../inbox/:conversationId/assignee`, which redirects back to
 * the conversation with a message saying what happened; it works without JavaScript.
 *
 * @param input.teammates - the workspace's current teammates (`listTeammates`), in the order to offer them
 * @example
 * html`<aside>${assigneeForm({ workspaceId, conversation, teammates, csrf: csrfOf(req) })}</aside>`
 * @see openapi.yaml `webhooks.conversation.assigned` (assigning sends it; the current assignee again sends nothing)
 */
export function assigneeForm(input: {
  workspaceId: string;
  conversation: Conversation;
  teammates: readonly Teammate[];
  csrf: string;
}): SafeHtml {
  const current = input.conversation.assignee_id;
  const id = fieldId('teammate_id');
  const option = (value: string, label: string) =>
    html`<option value="${value}"${value === (current ?? '') ? html` selected` : ''}>${label}</option>`;
  return html`<form method="post" action="${assigneeUrl(input.workspaceId, input.conversation.id)}" class="assignee-form">
  ${csrfField(input.csrf)}
  <div class="field"><label for="${id}">Assignee</label>
  <select id="${id}" name="teammate_id">
    ${option('', 'Unassigned')}
    ${input.teammates.map((t) => option(t.id, `${t.name} (${t.email})`))}
  </select></div>
  <div class="actions"><button type="submit" class="secondary">Save assignee</button>
  ${input.teammates.length === 0 && html`<a href="${settingsUrl(input.workspaceId, '/members')}">Invite members</a>`}</div>
</form>`;
}
