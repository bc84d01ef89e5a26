import { createReadStream } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import type { SenderCheck } from '../store/sender-check.js';
import type { EmailHtmlLimits } from './cut-email-html.js';
import { resolverOverPort } from './dns-over-port.js';
import { type InboundMessage, parseInboundMessage } from './parse-inbound-message.js';
import { type SanitizedEmailHtml, sanitizeEmailHtml } from './sanitize-email-html.js';
import { type SmtpEnvelope, verifySender } from './verify-sender.js';

/** One received message for the mail worker: where it was spooled and what SMTP said of it. */
export interface InboundMailTask {
  /** The spooled message (`spool-message.ts`), read here twice: once to check, once to parse. */
  path: string;
  envelope: SmtpEnvelope;
  htmlLimits: EmailHtmlLimits;
  /** Whether to check the sender (SPF, DKIM, DMARC); when not, why (e.g. `loopback in development`). */
  senderCheck: { run: true; mta: string } | { run: false; reason: string };
  /** The worker's end of a channel whose other end answers DNS questions (`answerDnsQuestions`). */
  dnsPort?: MessagePort;
}

/** What the worker found: the message's stored fields and its sender's check. */
export interface InboundMailResult {
  message: InboundMessage;
  senderCheck: SenderCheck;
}

/**
 * The mail worker's task (piscina, `mail-workers.ts`): parses a spooled message and checks its sender, side by
 * side, off the event loop. Everything here is bounded by the message's size and `htmlLimits`.
 *
 * @see docs/architecture.md, "Mail"
 */
export default async function inboundMailTask(task: InboundMailTask): Promise<InboundMailResult> {
  const check = task.senderCheck;
  const [message, senderCheck] = await Promise.all([
    parseInboundMessage(createReadStream(task.path), { htmlLimits: task.htmlLimits }),
    check.run && task.dnsPort
      ? verifySender(createReadStream(task.path), {
          envelope: task.envelope,
          resolver: resolverOverPort(task.dnsPort),
          mta: check.mta,
        })
      : Promise.resolve(undefined),
  ]);
  task.dnsPort?.close();
  return {
    message,
    senderCheck: senderCheck ?? {
      verified: false,
      spf: 'none',
      dkim: 'none',
      dmarc: 'none',
      spfDomain: null,
      dkimDomain: null,
      skipped: check.run ? 'no resolver' : check.reason,
    },
  };
}

/**
 * The worker's second task: sanitises HTML stored before migration 15 (kept as received then), on its first
 * view, with the same limits as on arrival.
 */
export function sanitizeStoredHtml(task: { html: string; htmlLimits: EmailHtmlLimits }): SanitizedEmailHtml {
  return sanitizeEmailHtml(task.html, task.htmlLimits);
}
