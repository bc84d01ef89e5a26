import type { Prospect } from '@prospectkit/core';
import type { Conversation } from '../../store/conversations.js';
import type { MessageRecord } from '../../store/messages.js';
import { errorSummary, type FieldErrors } from '../shared/form-fields.js';
import { timeTag } from '../shared/format.js';
import { html, SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { inboxUrl } from './inbox-pages.js';
import { messageFields, sendStatusText } from './mail-fields.js';
import type { MessageFormValues } from './message-form.js';

/**
 * A message's body: the text part as text; the HTML part only after `sanitizeEmailHtml` (never as received),
 * in full when there is no text part and behind "Formatted version" otherwise.
 */
function messageBody(message: MessageRecord, sanitize: (html: string) => string): SafeHtml {
  const text = message.text_body.trim();
  // The one place received HTML enters a page, and only through the sanitiser.
  const formatted = message.html_body ? new SafeHtml(sanitize(message.html_body)) : undefined;
  if (text === '' && formatted) return html`<div class="mail-html">${formatted}</div>`;
  return html`<div class="mail-text">${text || '(empty message)'}</div>${
    formatted &&
    html`<details class="mail-formatted"><summary>Formatted version</summary><div class="mail-html">${formatted}</div></details>`
  }`;
}

function messageItem(message: MessageRecord, sanitize: (html: string) => string): SafeHtml {
  const incoming = message.direction === 'incoming';
  return html`<li class="message ${incoming ? 'incoming' : 'outgoing'}">
  <div class="message-head">
    <span>${incoming ? html`From <strong>${message.from_address || 'unknown sender'}</strong>` : html`To <strong>${message.to_address}</strong>`}</span>
    ${timeTag(message.created_at)}
    ${!incoming && message.author_name && html`<span class="author">by ${message.author_name}</span>`}
    ${!incoming && sendStatusText(message.send_status, message.send_error)}
  </div>
  <p class="message-subject">${message.subject || '(no subject)'}</p>
  ${messageBody(message, sanitize)}
</li>`;
}

/**
 * A conversation: its prospect, the assignee form, the thread oldest first, and a reply form that sends
 * through the relay.
 */
export function conversationPage(input: {
  csrf: string;
  workspaceId: string;
  conversation: Conversation;
  prospect: Prospect;
  messages: readonly MessageRecord[];
  /** `sanitizeEmailHtml`: every HTML part goes through it before the page shows it. */
  sanitize: (html: string) => string;
  /** The assignee select (`assigneeForm`). */
  assignee: SafeHtml;
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
  return {
    title: prospect.company,
    section: 'inbox',
    body: html`${errorSummary(errors)}
<p><a href="${inboxUrl(workspaceId)}">Back to the inbox</a></p>
<dl class="facts">
  <dt>Contact</dt><dd>${prospect.contact_name ?? ''} ${prospect.contact_email ? html`<code>${prospect.contact_email}</code>` : html`<span class="hint">no contact email</span>`}</dd>
  <dt>Prospect</dt><dd><a href="${workspaceUrl(workspaceId, `/prospects/${encodeURIComponent(prospect.id)}`)}">${prospect.company}</a></dd>
  <dt>Last activity</dt><dd>${timeTag(conversation.last_message_at)}</dd>
</dl>
${input.canWork !== false && input.assignee}
<h2>Messages</h2>
${
  input.messages.length === 0
    ? html`<p class="empty">No messages yet.</p>`
    : html`<ol class="thread">${input.messages.map((m) => messageItem(m, input.sanitize))}</ol>`
}
${
  input.canWork === false
    ? ''
    : input.replyTo
      ? html`<h2 id="reply">Reply</h2><form method="post" action="${inboxUrl(workspaceId, `/${encodeURIComponent(conversation.id)}/reply`)}" class="stack">
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
