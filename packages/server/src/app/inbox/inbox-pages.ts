import type { ConversationFilter, ConversationSummary } from '../../store/conversations.js';
import type { Teammate } from '../../store/teammates.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';

/** URL of the inbox, a conversation in it, or a page below it. */
export const inboxUrl = (workspaceId: string, rest = '') => workspaceUrl(workspaceId, `/inbox${rest}`);

/** The inbox's filters: the store's, and "My conversations" (assigned to the signed-in member). */
export type InboxFilter = ConversationFilter | 'mine';

const FILTERS: ReadonlyArray<{ filter: InboxFilter; label: string }> = [
  { filter: 'all', label: 'All' },
  { filter: 'mine', label: 'My conversations' },
  { filter: 'unread', label: 'Unread' },
  { filter: 'unassigned', label: 'Unassigned' },
  { filter: 'assigned', label: 'Assigned' },
];

function filterBar(input: {
  workspaceId: string;
  filter: InboxFilter;
  assigneeId: string | undefined;
  teammates: readonly Teammate[];
}): SafeHtml {
  const link = ({ filter, label }: (typeof FILTERS)[number]) =>
    html`<li><a href="${inboxUrl(input.workspaceId, filter === 'all' ? '' : `?filter=${filter}`)}"${
      filter === input.filter && !(filter === 'assigned' && input.assigneeId)
        ? html` aria-current="true"`
        : ''
    }>${label}</a></li>`;
  return html`<nav class="filters" aria-label="Show conversations">
  <ul>${FILTERS.map(link)}</ul>
  ${
    input.teammates.length > 0 &&
    html`<form method="get" action="${inboxUrl(input.workspaceId)}" class="inline assignee-filter">
    <input type="hidden" name="filter" value="assigned">
    <label for="f-assignee">Assigned to</label>
    <select id="f-assignee" name="assignee">
      <option value=""${input.assigneeId ? '' : html` selected`}>Anyone</option>
      ${input.teammates.map(
        (t) =>
          html`<option value="${t.id}"${t.id === input.assigneeId ? html` selected` : ''}>${t.name}</option>`,
      )}
    </select>
    <button type="submit" class="secondary">Show</button>
  </form>`
  }
</nav>`;
}

/**
 * One conversation of the list: the link is named by who it is with (the company and contact), and the card
 * around it opens it too (inbox.css); the subject, preview and state are read after it, not inside its name.
 */
function conversationItem(workspaceId: string, c: ConversationSummary): SafeHtml {
  return html`<li class="conversation${c.unread ? ' unread' : ''}">
  <div class="summary">
    <a class="who" href="${inboxUrl(workspaceId, `/${encodeURIComponent(c.id)}`)}"><strong>${c.company}</strong>${c.contact_name && html` · ${c.contact_name}`}</a>
    ${c.unread && html`<span class="status wait">Unread</span>`}
    <span class="subject">${c.last_subject || '(no subject)'}</span>
    <span class="preview">${c.last_direction === 'outgoing' ? 'You: ' : ''}${c.last_preview ?? 'No messages yet.'}</span>
  </div>
  <span class="meta">${c.assignee_name ?? 'Unassigned'} · ${timeTag(c.last_message_at ?? c.created_at)}</span>
</li>`;
}

/**
 * The inbox: conversations, latest activity first, with filters (all, mine, unread, unassigned, assigned,
 * assigned to one member or anyone; the select starts at "Anyone", so it never shows a name the list ignores), the workspace's inbound address, and a link to the Unmatched list.
 */
export function inboxPage(input: {
  workspaceId: string;
  conversations: readonly ConversationSummary[];
  filter: InboxFilter;
  /** Whether the reader may write (member and up; viewers read). Default `true`. */
  canWork?: boolean;
  assigneeId: string | undefined;
  teammates: readonly Teammate[];
  nextCursor: string | null;
  unmatchedCount: number;
  inboundAddress: string;
}): Page {
  const { workspaceId } = input;
  const next =
    input.nextCursor &&
    inboxUrl(
      workspaceId,
      `?${new URLSearchParams({
        filter: input.filter,
        ...(input.assigneeId ? { assignee: input.assigneeId } : {}),
        cursor: input.nextCursor,
      })}`,
    );
  return {
    title: 'Inbox',
    section: 'inbox',
    body: html`<p class="lead">Replies from prospects land here. Mail to <code>${input.inboundAddress}</code> from a
prospect's contact email, or in answer to a message sent from a conversation, joins that prospect's conversation.</p>
<p><a href="${inboxUrl(workspaceId, '/unmatched')}">Unmatched mail (${input.unmatchedCount})</a>: messages that matched no prospect.</p>
${filterBar(input)}
${
  input.conversations.length === 0
    ? html`<p class="empty">No conversations${input.filter === 'all' ? ' yet. Write an email from a prospect’s page to start one' : ' here'}.</p>`
    : html`<ul class="conversations">${input.conversations.map((c) => conversationItem(workspaceId, c))}</ul>`
}
${next && html`<p><a href="${next}">Older conversations</a></p>`}`,
  };
}
