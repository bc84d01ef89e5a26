import { newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { type MailQuota, QuotaExceededError, storedBytes } from './mail-quota.js';
import type { SenderCheck } from './sender-check.js';

/** Mail to `postmaster@` the inbound domain (migration 15): for the server's operator, in no workspace. */
export interface PostmasterMessage {
  /** `pm_` and a ULID. */
  id: string;
  /** The Message-ID, without angle brackets. */
  message_id: string;
  /** `MAIL FROM`, `''` for a bounce. */
  envelope_from: string;
  /** The client that sent it. */
  client_address: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  /** Sanitised on arrival; never shown inline. */
  html_body: string | null;
  html_note: string | null;
  sender_check: SenderCheck | null;
  received_at: Date;
}

/** Postmaster messages shown on one page. */
export const POSTMASTER_PAGE_SIZE = 25;

/**
 * Keeps a message to postmaster@ (RFC 5321 section 4.5.1 requires that address to take mail), once per Message-ID,
 * within the same quota a workspace has (`PROSPECTKIT_MAIL_QUOTA_BYTES`, counted over this list).
 *
 * @returns whether it was new (`false`: a duplicate, nothing stored)
 * @throws {QuotaExceededError} when the list is too full for it
 */
export async function keepPostmasterMessage(
  tx: Sql,
  message: Omit<PostmasterMessage, 'id'>,
  quota: MailQuota,
): Promise<boolean> {
  const bytes = storedBytes({
    subject: message.subject,
    textBody: message.text_body,
    htmlBody: message.html_body,
  });
  await tx.query('lock table postmaster_messages in share row exclusive mode');
  const [used] = await tx.query<{ bytes: string }>(
    'select coalesce(sum(stored_bytes), 0)::text as bytes from postmaster_messages',
  );
  if (Number(used?.bytes ?? 0) + bytes > quota.maxStoredBytes) {
    throw new QuotaExceededError(
      bytes > quota.maxStoredBytes
        ? {
            responseCode: 552,
            message: `5.2.2 The message is larger than this mailbox's whole storage quota.`,
          }
        : {
            responseCode: 452,
            message: '4.2.2 Mailbox full: this mailbox has reached its storage quota; try again later.',
          },
    );
  }
  const rows = await tx.query(
    `insert into postmaster_messages (id, message_id, envelope_from, client_address, from_address, to_address,
       subject, text_body, html_body, html_note, sender_check, stored_bytes, received_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::jsonb, $12, $13)
     on conflict (message_id) do nothing returning id`,
    [
      newId('postmasterMessage', message.received_at.getTime()),
      message.message_id,
      message.envelope_from,
      message.client_address,
      message.from_address,
      message.to_address,
      message.subject,
      message.text_body,
      message.html_body,
      message.html_note,
      message.sender_check ? JSON.stringify(message.sender_check) : null,
      bytes,
      message.received_at,
    ],
  );
  return rows.length > 0;
}

/**
 * A page of postmaster mail, newest first: the `limit` received before `before` (an id). Texts are cut to 2,000
 * characters and HTML is not read.
 */
export async function listPostmasterPage(
  db: Sql,
  options: { before?: string | undefined; limit?: number } = {},
): Promise<{ messages: PostmasterMessage[]; olderThan: string | null }> {
  const limit = options.limit ?? POSTMASTER_PAGE_SIZE;
  const rows = await db.query<PostmasterMessage & Record<string, unknown>>(
    `select id, message_id, envelope_from, client_address, from_address, to_address, subject,
       left(text_body, 2000) as text_body, null as html_body, html_note, sender_check, received_at
     from postmaster_messages
     where $2::text is null or (received_at, id) < (select received_at, id from postmaster_messages b where b.id = $2)
     order by received_at desc, id desc limit $1`,
    [limit + 1, options.before ?? null],
  );
  const messages = rows.slice(0, limit);
  return { messages, olderThan: rows.length > limit ? (messages.at(-1)?.id ?? null) : null };
}
