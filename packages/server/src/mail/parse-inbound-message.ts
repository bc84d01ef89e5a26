import { createHash } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import type { MessageContent } from '../store/messages.js';

/** Longest text or HTML part kept, in characters: enough for any reply, bounded for the page that shows it. */
export const MAX_BODY_CHARS = 1_000_000;

/** Longest subject kept, in characters. */
const MAX_SUBJECT_CHARS = 998;

/** A Message-ID without its angle brackets (RFC 5322 `msg-id`), or `undefined` when blank. */
export function bareMessageId(value: string | undefined | null): string | undefined {
  const bare = value?.trim().replace(/^<+/, '').replace(/>+$/, '').trim();
  return bare ? bare.slice(0, 998) : undefined;
}

function idList(value: string | string[] | undefined): string[] {
  const all = Array.isArray(value) ? value : value === undefined ? [] : value.split(/\s+/);
  return all.map(bareMessageId).filter((id): id is string => id !== undefined);
}

function firstAddress(value: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  for (const group of list)
    for (const entry of group.value) if (entry.address) return entry.address.toLowerCase();
  return '';
}

function allAddresses(value: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase()))
    .filter(Boolean)
    .join(', ');
}

/** A parsed inbound message: what is stored, plus whether parsing failed. */
export type InboundMessage = MessageContent & {
  /** The MIME could not be parsed: the fields hold what could be read (the raw text as the body). */
  malformed: boolean;
};

/**
 * Parses a received message with mailparser. Mail without a Message-ID gets one derived from its bytes
 * (`<sha256>@prospectkit.invalid`), so the same message delivered twice is still recognised. Malformed MIME is
 * accepted and kept with what could be read: mailparser is lenient, and when it gives up the raw text becomes
 * the body, so nothing a prospect sent is lost.
 *
 * @param raw the message as received (after DATA), at most the listener's size limit
 * @returns the stored fields: addresses lower case, Message-IDs without angle brackets
 * @example
 * const message = await parseInboundMessage(Buffer.from('From: a@example.com\r\nSubject: Hi\r\n\r\nHello'));
 * @see docs/architecture.md, "Mail"
 */
export async function parseInboundMessage(raw: Buffer): Promise<InboundMessage> {
  const derivedId = `${createHash('sha256').update(raw).digest('hex')}@prospectkit.invalid`;
  // Loaded with the first message, not at start: mailparser takes seconds to load on a busy machine.
  const { simpleParser } = await import('mailparser');
  try {
    const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
    return {
      messageId: bareMessageId(parsed.messageId) ?? derivedId,
      inReplyTo: bareMessageId(parsed.inReplyTo) ?? null,
      referencesIds: idList(parsed.references),
      fromAddress: firstAddress(parsed.from),
      toAddress: allAddresses(parsed.to),
      subject: (parsed.subject ?? '').slice(0, MAX_SUBJECT_CHARS),
      textBody: (parsed.text ?? '').slice(0, MAX_BODY_CHARS),
      htmlBody: typeof parsed.html === 'string' ? parsed.html.slice(0, MAX_BODY_CHARS) : null,
      malformed: false,
    };
  } catch {
    return {
      messageId: derivedId,
      inReplyTo: null,
      referencesIds: [],
      fromAddress: '',
      toAddress: '',
      subject: '(message could not be parsed)',
      textBody: raw.toString('utf8').slice(0, MAX_BODY_CHARS),
      htmlBody: null,
      malformed: true,
    };
  }
}
