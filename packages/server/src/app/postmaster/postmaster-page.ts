import type { PostmasterMessage } from '../../store/postmaster-messages.js';
import { assetUrl } from '../shared/app-assets.js';
import { timeTag } from '../shared/format.js';
import { html } from '../shared/html.js';
import type { Page } from '../shared/render.js';
import { senderCheckText } from '../shared/sender-check-text.js';

/**
 * Mail to `postmaster@` the inbound domain, newest first and paged: abuse reports, bounces and notices for
 * whoever runs the server (RFC 5321 section 4.5.1). Text only (a preview); nothing here is a prospect's.
 */
export function postmasterPage(input: {
  messages: readonly PostmasterMessage[];
  olderThan: string | null;
  before: string | undefined;
  inboundDomain: string;
}): Page {
  const at = (before?: string) => `/postmaster${before ? `?before=${encodeURIComponent(before)}` : ''}`;
  return {
    title: 'Postmaster mail',
    head: html`<link rel="stylesheet" href="${assetUrl('inbox.css')}">`,
    body: html`<p><a href="/workspaces">Back to the workspaces</a></p>
<p class="lead">Mail to <code>postmaster@${input.inboundDomain}</code>, which every mail server must take (RFC 5321):
abuse reports, bounces and notices for whoever runs this server. It belongs to no workspace and sends no event.</p>
${
  input.messages.length === 0
    ? html`<p class="empty">No postmaster mail.</p>`
    : html`<ol class="thread">${input.messages.map(
        (m) => html`<li class="message incoming" id="${m.id}">
  <div class="message-head"><span>From <strong>${m.from_address || m.envelope_from || 'unknown sender'}</strong></span> ${timeTag(m.received_at)} <span class="hint">client ${m.client_address}</span></div>
  <p class="sender-check">${senderCheckText(m.sender_check, m.envelope_from)}</p>
  <p class="message-subject">${m.subject || '(no subject)'}</p>
  <div class="mail-text">${m.text_body || '(no text part)'}</div>
</li>`,
      )}</ol>`
}
${input.olderThan && html`<p><a href="${at(input.olderThan)}">Older postmaster mail</a></p>`}
${input.before && html`<p><a href="${at()}">Newest postmaster mail</a></p>`}`,
  };
}
