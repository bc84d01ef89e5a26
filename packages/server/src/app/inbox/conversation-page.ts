import type { Prospect } from '@prospectkit/core';
import type { ThreadPage } from '../../store/conversation-thread.js';
import type { Conversation } from '../../store/conversations.js';
import { errorSummary, type FieldErrors } from '../shared/form-fields.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { inboxUrl } from './inbox-pages.js';
import { messageFields } from './mail-fields.js';
import type { MessageFormValues } from './message-form.js';
import { threadMessage } from './thread-message.js';

/** The thread: a page of messages (newest page first), with links to older and newer pages. */
function thread(input: {
  workspaceId: string;
  conversationId: string;
  page: ThreadPage;
  before: string | undefined;
  formatted: string | undefined;
}): SafeHtml {
  const base = inboxUrl(input.workspaceId, `/${encodeURIComponent(input.conversationId)}`);
  const at = (query: Record<string, string | undefined>, anchor = '') => {
    const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
    return `${base}${params.size ? `?${params}` : ''}${anchor}`;
  };
  if (input.page.messages.length === 0) return html`<p class="empty">No messages yet.</p>`;
  return html`${input.page.olderThan && html`<p><a href="${at({ before: input.page.olderThan })}">Older messages</a></p>`}
<ol class="thread">${input.page.messages.map((m) =>
    threadMessage(input.workspaceId, m, {
      formattedHref: at({ before: input.before, formatted: m.id }, `#${m.id}`),
      closeHref: at({ before: input.before }, `#${m.id}`),
      showFormatted: input.formatted === m.id,
    }),
  )}</ol>
${input.before && html`<p><a href="${base}">Newest messages</a></p>`}`;
}

/**
 * A conversation: its prospect, the assignee form, "Mark as read" while it is unread (a form: opening the page
 * changes nothing), a page of its thread (newest page first, each message's text cut, its formatted version on
 * demand in a sandboxed frame), and a reply form that sends through the relay.
 */
export function conversationPage(input: {
  csrf: string;
  workspaceId: string;
  conversation: Conversation;
  prospect: Prospect;
  page: ThreadPage;
  /** The `before` of this page (a message id), absent on the newest page. */
  before: string | undefined;
  /** The message whose formatted version is shown. */
  formatted: string | undefined;
  /** The assignee select (`assigneeForm`). */
  assignee: SafeHtml;
  /** The conversation's reply address (`reply+cv_...@`), which links mail to it whoever sends it. */
  replyAddress: string;
  reply: MessageFormValues;
  errors?: FieldErrors;
  replySubject: string;
  /** Where a reply goes: the latest sender in the thread, else the prospect's contact email. */
  replyTo: string | null;
  /** Whether the reader may reply and assign (member and up). Default `true`. */
  canWork?: boolean;
}): Page {
  const { workspaceId, conversation, prospect } = input;
  const errors = input.errors ?? {};
  const here = inboxUrl(workspaceId, `/${encodeURIComponent(conversation.id)}`);
  return {
    title: prospect.company,
    section: 'inbox',
    body: html`${errorSummary(errors)}
<p><a href="${inboxUrl(workspaceId)}">Back to the inbox</a></p>
<dl class="facts">
  <dt>Contact</dt><dd>${prospect.contact_name ?? ''} ${prospect.contact_email ? html`<code>${prospect.contact_email}</code>` : html`<span class="hint">no contact email</span>`}</dd>
  <dt>Prospect</dt><dd><a href="${workspaceUrl(workspaceId, `/prospects/${encodeURIComponent(prospect.id)}`)}">${prospect.company}</a></dd>
  <dt>Last activity</dt><dd>${timeTag(conversation.last_message_at)}</dd>
  <dt>Reply address</dt><dd><code>${input.replyAddress}</code> <span class="hint">mail to it joins this conversation</span></dd>
</dl>
${
  conversation.unread &&
  input.canWork !== false &&
  html`<form method="post" action="${here}/read" class="inline mark-read">
  ${csrfField(input.csrf)}
  <span class="status wait">Unread</span> <button type="submit" class="secondary">Mark as read</button>
</form>`
}
${input.canWork !== false && input.assignee}
<h2>Messages</h2>
${thread({ workspaceId, conversationId: conversation.id, page: input.page, before: input.before, formatted: input.formatted })}
${
  input.canWork === false
    ? ''
    : input.replyTo
      ? html`<h2 id="reply">Reply</h2><form method="post" action="${here}/reply" class="stack">
  ${csrfField(input.csrf)}
  <p class="hint">To <code>${input.replyTo}</code>. Replies come back to this conversation.</p>
  ${messageFields({ values: input.reply, errors, subjectHint: `Leave blank for “${input.replySubject}”.` })}
  <div class="actions"><button type="submit">Send reply</button></div>
</form>`
      : html`<h2 id="reply">Reply</h2><p>This prospect has no contact email: add one on the prospect’s page to write to them.</p>`
}`,
  };
}

/** The "Write an email" page for a prospect (`inbox/new?prospect=ID`). */
export function newMessagePage(input: {
  csrf: string;
  workspaceId: string;
  prospect: Prospect;
  values: MessageFormValues;
  errors?: FieldErrors;
}): Page {
  const { workspaceId, prospect } = input;
  const errors = input.errors ?? {};
  return {
    title: `Write to ${prospect.company}`,
    section: 'inbox',
    body: html`${errorSummary(errors)}
<form method="post" action="${inboxUrl(workspaceId, '/new')}" class="stack">
  ${csrfField(input.csrf)}
  <input type="hidden" name="prospect" value="${prospect.id}">
  <p>To <code>${prospect.contact_email}</code>${prospect.contact_name && html` (${prospect.contact_name})`}. The
  reply comes back to this prospect’s conversation in the inbox.</p>
  ${messageFields({ values: input.values, errors })}
  <div class="actions"><button type="submit">Send email</button>
  <a href="${workspaceUrl(workspaceId, `/prospects/${encodeURIComponent(prospect.id)}`)}">Cancel</a></div>
</form>`,
  };
}
