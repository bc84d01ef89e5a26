import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AddressObject, HeaderValue } from 'mailparser';
import type { MessageContent } from '../store/messages.js';
import { cutEmailHtml, DEFAULT_EMAIL_HTML_LIMITS, type EmailHtmlLimits } from './cut-email-html.js';
import { sanitizeEmailHtml } from './sanitize-email-html.js';

/** Longest text part kept, in characters: enough for any reply; pages show a part of it (see the inbox). */
export const MAX_BODY_CHARS = 1_000_000;

/** Longest subject kept, in characters. */
const MAX_SUBJECT_CHARS = 998;

/** A Message-ID without its angle brackets (RFC 5322 `msg-id`), or `undefined` when blank. */
export function bareMessageId(value: string | undefined | null): string | undefined {
  const bare = value?.trim().replace(/^<+/, '').replace(/>+$/, '').trim();
  return bare ? bare.slice(0, 998) : undefined;
}

function idList(value: HeaderValue | undefined): string[] {
  const all = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
  return all
    .map((id) => bareMessageId(String(id)))
    .filter((id): id is string => id !== undefined)
    .slice(0, 100);
}

function addresses(value: HeaderValue | undefined): string[] {
  const list = (Array.isArray(value) ? value : value ? [value] : []) as AddressObject[];
  return list
    .flatMap((group) => (Array.isArray(group?.value) ? group.value : []))
    .map((entry) => entry.address?.toLowerCase())
    .filter((address): address is string => !!address);
}

/** A parsed inbound message: what is stored, plus whether parsing failed. */
export type InboundMessage = MessageContent & {
  /** The MIME could not be parsed: the fields hold what could be read (the raw text as the body). */
  malformed: boolean;
  /** Why the stored formatted version is not the whole HTML part (see `sanitizeEmailHtml`); `null` when whole. */
  htmlNote: string | null;
};

/**
 * Parses a received message with mailparser's streaming `MailParser`, in the mail worker (never on the event
 * loop: `inbound-mail-task.ts`). Attachments are read past and never kept; the text part is not turned into HTML
 * (`skipTextToHtml`: 8 of the 9 s of a 24 MB message went there, issue 24); the HTML part is cut to `htmlLimits`
 * and sanitised once, here, and a message with only HTML gets its text from that cut HTML (html-to-text).
 * Mail without a Message-ID gets one derived from its bytes (`<sha256>@prospectkit.invalid`), so the same message
 * delivered twice is still recognised. Malformed MIME is accepted and kept with what could be read: when
 * mailparser gives up, the raw text becomes the body, so nothing a prospect sent is lost.
 *
 * @param source the message as received (after DATA), at most the listener's size limit; read once
 * @param options.htmlLimits the HTML part's size and nesting kept. Default `DEFAULT_EMAIL_HTML_LIMITS`
 * @returns the stored fields: addresses lower case, Message-IDs without angle brackets, the HTML sanitised
 * @example
 * const message = await parseInboundMessage(createReadStream(spooledPath));
 * @see docs/architecture.md, "Mail"
 */
export async function parseInboundMessage(
  source: Readable,
  options: { htmlLimits?: Readonly<EmailHtmlLimits> } = {},
): Promise<InboundMessage> {
  const htmlLimits = options.htmlLimits ?? DEFAULT_EMAIL_HTML_LIMITS;
  const { MailParser } = await import('mailparser');
  const hash = createHash('sha256');
  const rawStart: Buffer[] = [];
  let rawStartBytes = 0;
  const parser = new MailParser({
    skipTextToHtml: true,
    skipHtmlToText: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  let headers = new Map<string, HeaderValue>();
  let text: string | undefined;
  let html: string | undefined;
  const parsed = new Promise<boolean>((resolve) => {
    parser.on('headers', (h) => {
      headers = h;
    });
    parser.on('data', (data) => {
      if (data.type === 'attachment') {
        // Read past and dropped: the inbox keeps text and HTML only.
        data.content.on('end', () => data.release?.());
        data.content.resume();
      } else if (data.type === 'text') {
        text = data.text;
        html = typeof data.html === 'string' ? data.html : undefined;
      }
    });
    parser.once('end', () => resolve(true));
    parser.once('error', () => resolve(false));
  });
  source.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    if (rawStartBytes < MAX_BODY_CHARS * 4) {
      rawStart.push(chunk);
      rawStartBytes += chunk.length;
    }
  });
  source.pipe(parser);
  const ok = await parsed;
  if (!source.readableEnded) await new Promise((resolve) => source.once('close', resolve).resume());
  const derivedId = `${hash.digest('hex')}@prospectkit.invalid`;
  if (!ok) {
    return {
      messageId: derivedId,
      inReplyTo: null,
      referencesIds: [],
      fromAddress: '',
      toAddress: '',
      subject: '(message could not be parsed)',
      textBody: Buffer.concat(rawStart).toString('utf8').slice(0, MAX_BODY_CHARS),
      htmlBody: null,
      htmlNote: null,
      malformed: true,
    };
  }
  const formatted = html === undefined ? undefined : sanitizeEmailHtml(html, htmlLimits);
  if (!text?.trim() && html !== undefined) text = await textOfHtml(html, htmlLimits);
  const messageId = headers.get('message-id');
  return {
    messageId: bareMessageId(typeof messageId === 'string' ? messageId : undefined) ?? derivedId,
    inReplyTo: idList(headers.get('in-reply-to'))[0] ?? null,
    referencesIds: idList(headers.get('references')),
    fromAddress: addresses(headers.get('from'))[0] ?? '',
    toAddress: addresses(headers.get('to')).join(', '),
    subject: String(headers.get('subject') ?? '').slice(0, MAX_SUBJECT_CHARS),
    textBody: (text ?? '').slice(0, MAX_BODY_CHARS),
    htmlBody: formatted?.html ?? null,
    htmlNote: formatted?.note ?? null,
    malformed: false,
  };
}

/** The text of an HTML-only message, from its cut HTML (html-to-text parses with htmlparser2 too). */
async function textOfHtml(html: string, limits: Readonly<EmailHtmlLimits>): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(cutEmailHtml(html, limits).html, {
    wordwrap: false,
    limits: { maxDepth: limits.maxDepth },
    selectors: [{ selector: 'img', format: 'skip' }],
  });
}
