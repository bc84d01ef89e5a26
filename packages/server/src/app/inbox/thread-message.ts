import { THREAD_TEXT_CHARS, type ThreadMessage } from '../../store/conversation-thread.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { senderCheckText } from '../shared/sender-check-text.js';
import { inboxUrl } from './inbox-pages.js';
import { sendStatusText } from './mail-fields.js';

/** Where a message's own pages are: its whole text, and its formatted version for the sandboxed frame. */
export const messageUrl = (workspaceId: string, conversationId: string, messageId: string, rest = '') =>
  inboxUrl(
    workspaceId,
    `/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}${rest}`,
  );

/**
 * A message's formatted (HTML) version: a frame of its own address, sandboxed without scripts (links open in a
 * new tab), whose answer carries its own strict Content-Security-Policy (`inbox-message-routes.ts`). Received
 * HTML never enters a settings page itself.
 */
export function formattedFrame(src: string, note: string | null): SafeHtml {
  return html`${note && html`<p class="hint">${note}</p>`}<iframe class="mail-frame" src="${src}" title="Formatted version of the message" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" loading="lazy"></iframe>`;
}

/**
 * One message of a thread: who, when, the sender's check, the subject, the text (cut to
 * {@link THREAD_TEXT_CHARS}, with a link to the whole), and the formatted version on demand.
 *
 * @param options.formattedHref the address that shows this message's formatted version in the thread
 * @param options.showFormatted whether that version is shown now
 */
export function threadMessage(
  workspaceId: string,
  message: ThreadMessage,
  options: { formattedHref: string; closeHref: string; showFormatted: boolean },
): SafeHtml {
  const incoming = message.direction === 'incoming';
  const own = (rest = '') => messageUrl(workspaceId, message.conversation_id, message.id, rest);
  const text = message.text_body.trim();
  const cut = message.text_chars > THREAD_TEXT_CHARS;
  return html`<li class="message ${incoming ? 'incoming' : 'outgoing'}" id="${message.id}">
  <div class="message-head">
    <span>${incoming ? html`From <strong>${message.from_address || 'unknown sender'}</strong>` : html`To <strong>${message.to_address}</strong>`}</span>
    ${timeTag(message.created_at)}
    ${!incoming && message.author_name && html`<span class="author">by ${message.author_name}</span>`}
    ${!incoming && sendStatusText(message.send_status, message.send_error)}
  </div>
  ${incoming && html`<p class="sender-check">${senderCheckText(message.sender_check, message.envelope_from)}</p>`}
  <p class="message-subject">${message.subject || '(no subject)'}</p>
  <div class="mail-text">${text || (message.has_html ? '(no text part: see the formatted version)' : '(empty message)')}</div>
  ${cut && html`<p class="hint">Shortened to ${THREAD_TEXT_CHARS.toLocaleString('en-US')} of ${message.text_chars.toLocaleString('en-US')} characters. <a href="${own()}">Read the whole message</a></p>`}
  ${
    message.has_html &&
    (options.showFormatted
      ? html`<div class="mail-formatted">${formattedFrame(own('/formatted'), message.html_note)}<p><a href="${options.closeHref}">Hide the formatted version</a></p></div>`
      : html`<p class="mail-formatted"><a href="${options.formattedHref}">Show the formatted version</a></p>`)
  }
</li>`;
}
