import type { MessageRecord } from '../../store/messages.js';
import { timeTag } from '../shared/format.js';
import { html } from '../shared/html.js';
import type { Page } from '../shared/render.js';
import { senderCheckText } from '../shared/sender-check-text.js';
import { inboxUrl } from './inbox-pages.js';
import { formattedFrame, messageUrl } from './thread-message.js';

/**
 * One message of a conversation on a page of its own: its whole text (the thread shows a part of a long one),
 * the sender's check, and its formatted version on demand, in a sandboxed frame.
 */
export function mailMessagePage(input: {
  workspaceId: string;
  company: string;
  message: MessageRecord;
  showFormatted: boolean;
}): Page {
  const { workspaceId, message } = input;
  const own = (rest = '') => messageUrl(workspaceId, message.conversation_id, message.id, rest);
  const incoming = message.direction === 'incoming';
  return {
    title: message.subject || '(no subject)',
    section: 'inbox',
    body: html`<p><a href="${inboxUrl(workspaceId, `/${encodeURIComponent(message.conversation_id)}`)}#${message.id}">Back to the conversation with ${input.company}</a></p>
<div class="message ${incoming ? 'incoming' : 'outgoing'}">
  <div class="message-head">
    <span>${incoming ? html`From <strong>${message.from_address || 'unknown sender'}</strong>` : html`To <strong>${message.to_address}</strong>`}</span>
    ${timeTag(message.created_at)}
  </div>
  ${incoming && html`<p class="sender-check">${senderCheckText(message.sender_check, message.envelope_from)}</p>`}
  <div class="mail-text">${message.text_body.trim() || '(no text part)'}</div>
  ${
    message.html_body !== null &&
    (input.showFormatted
      ? html`<div class="mail-formatted">${formattedFrame(own('/formatted'), message.html_note)}<p><a href="${own()}">Hide the formatted version</a></p></div>`
      : html`<p class="mail-formatted"><a href="${own('?formatted=1')}">Show the formatted version</a></p>`)
  }
</div>`,
  };
}
