import type { SenderCheck } from '../../store/sender-check.js';
import { html, type SafeHtml } from './html.js';

/**
 * What the sender's checks found, for people: a badge (verified, not verified, not checked) and the envelope
 * sender with the SPF, DKIM and DMARC results (issue 24, finding 3; README, "Mail").
 */
export function senderCheckText(check: SenderCheck | null, envelopeFrom: string | null): SafeHtml {
  const envelope =
    envelopeFrom === null
      ? ''
      : html`<span class="hint">Envelope sender <code>${envelopeFrom === '' ? '<> (a bounce)' : envelopeFrom}</code></span>`;
  if (!check) return html`<span class="status off">Sender not checked</span> ${envelope}`;
  const results = check.skipped
    ? `not checked: ${check.skipped}`
    : `SPF ${check.spf}${check.spfDomain ? ` (${check.spfDomain})` : ''}, DKIM ${check.dkim}${check.dkimDomain ? ` (${check.dkimDomain})` : ''}, DMARC ${check.dmarc}`;
  return html`${check.verified ? html`<span class="status ok">Sender verified</span>` : html`<span class="status wait">Sender not verified</span>`} ${envelope} <span class="hint">${results}</span>`;
}
