import type { Prospect } from '@prospectkit/core';
import type { UnmatchedMessage } from '../../store/unmatched-messages.js';
import { fieldId } from '../shared/form-fields.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { senderCheckText } from '../shared/sender-check-text.js';
import { inboxUrl } from './inbox-pages.js';

/** Longest part of an unmatched message's text shown in the list, in characters. */
const PREVIEW_CHARS = 2000;

function attachForm(input: {
  csrf: string;
  workspaceId: string;
  message: UnmatchedMessage;
  prospects: readonly Prospect[];
  error: string | undefined;
}): SafeHtml {
  const id = `${fieldId('prospect')}-${input.message.id}`;
  if (input.prospects.length === 0) {
    return html`<p class="hint">No prospect matches the search: search again above to attach this message.</p>`;
  }
  return html`<form method="post" action="${inboxUrl(input.workspaceId, `/unmatched/${encodeURIComponent(input.message.id)}/attach`)}" class="inline attach">
  ${csrfField(input.csrf)}
  <label for="${id}">Attach to prospect</label>
  ${input.error && html`<span class="field-error" id="${id}-error">${input.error}</span>`}
  <select id="${id}" name="prospect"${input.error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
    ${
      // Nothing chosen unless the sender is a prospect's contact: one click must never file a message wrongly.
      !input.prospects.some((p) => p.contact_email?.toLowerCase() === input.message.from_address) &&
      html`<option value="" selected>Choose a prospect…</option>`
    }
    ${input.prospects.map(
      (p) =>
        html`<option value="${p.id}"${p.contact_email && p.contact_email.toLowerCase() === input.message.from_address ? html` selected` : ''}>${p.company}${p.contact_email && ` (${p.contact_email})`}</option>`,
    )}
  </select>
  <button type="submit">Attach</button>
</form>`;
}

/**
 * The Unmatched list: inbound mail that matched no prospect, kept (never lost), newest first and paged so a
 * flood never hides the oldest, each with its sender's check and a form to attach it to a prospect, chosen from
 * a select that the search above narrows.
 */
export function unmatchedPage(input: {
  csrf: string;
  workspaceId: string;
  messages: readonly UnmatchedMessage[];
  /** The id to page on from (`?before=`): older messages exist. */
  olderThan: string | null;
  /** This page's `before`, absent on the newest page. */
  before: string | undefined;
  prospects: readonly Prospect[];
  search: string;
  /** A failed attach: which message, and why. */
  error?: { messageId: string; text: string };
  /** Whether the reader may attach (member and up). Default `true`. */
  canWork?: boolean;
}): Page {
  const { workspaceId } = input;
  const at = (before: string | undefined) => {
    const query = new URLSearchParams({
      ...(input.search ? { q: input.search } : {}),
      ...(before ? { before } : {}),
    });
    return inboxUrl(workspaceId, `/unmatched${query.size ? `?${query}` : ''}`);
  };
  return {
    title: 'Unmatched mail',
    section: 'inbox',
    body: html`<p><a href="${inboxUrl(workspaceId)}">Back to the inbox</a></p>
<p class="lead">Mail to this workspace’s inbound address that matched no prospect: the sender is no prospect’s
contact email and it answers no message sent from here. Attach a message to a prospect to move it into their
conversation (this sends <code>inbox.reply.received</code> to subscribed webhooks).</p>
<form method="get" action="${inboxUrl(workspaceId, '/unmatched')}" class="inline search" role="search">
  <label for="f-q">Find prospects</label>
  <input id="f-q" name="q" type="search" value="${input.search}" maxlength="200" placeholder="Company, name or email">
  <button type="submit" class="secondary">Search</button>
</form>
${
  input.messages.length === 0
    ? html`<p class="empty">No unmatched mail.</p>`
    : html`<ol class="thread unmatched">${input.messages.map(
        (m) => html`<li class="message incoming" id="${m.id}">
  <div class="message-head"><span>From <strong>${m.from_address || m.envelope_from || 'unknown sender'}</strong></span> ${timeTag(m.received_at)}</div>
  <p class="sender-check">${senderCheckText(m.sender_check, m.envelope_from)}</p>
  <p class="message-subject">${m.subject || '(no subject)'}</p>
  <div class="mail-text">${m.text_body.slice(0, PREVIEW_CHARS) || '(no text part)'}</div>
  ${
    input.canWork !== false &&
    attachForm({
      csrf: input.csrf,
      workspaceId,
      message: m,
      prospects: input.prospects,
      error: input.error?.messageId === m.id ? input.error.text : undefined,
    })
  }
</li>`,
      )}</ol>`
}
${input.olderThan && html`<p><a href="${at(input.olderThan)}">Older unmatched mail</a></p>`}
${input.before && html`<p><a href="${at(undefined)}">Newest unmatched mail</a></p>`}`,
  };
}
