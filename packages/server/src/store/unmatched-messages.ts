import { newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { addStoredBytes, type MailQuota, storedBytes } from './mail-quota.js';
import type { SenderCheck } from './sender-check.js';

/** An inbound message kept because it matched no conversation (migration 12). */
export interface UnmatchedMessage {
  id: string;
  workspace_id: string;
  /** The Message-ID, without angle brackets. */
  message_id: string;
  in_reply_to: string | null;
  references_ids: string[];
  /** The envelope sender (`MAIL FROM`), `''` for a bounce. */
  envelope_from: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  raw_size_bytes: number;
  received_at: Date;
  attached_to_prospect_id: string | null;
  attached_at: Date | null;
  /** What the sender's checks found; `null` before migration 15. */
  sender_check: SenderCheck | null;
  /** `html_body` was sanitised on arrival; `false` for HTML kept before migration 15. */
  html_sanitized: boolean;
  /** Why the formatted version is not the whole HTML part, or `null`. */
  html_note: string | null;
}

/** What {@link keepUnmatchedMessage} stores. */
export type NewUnmatchedMessage = Omit<
  UnmatchedMessage,
  | 'id'
  | 'attached_to_prospect_id'
  | 'attached_at'
  | 'raw_size_bytes'
  | 'html_sanitized'
  | 'sender_check'
  | 'html_note'
> & { raw_size_bytes: number; sender_check?: SenderCheck | null; html_note?: string | null };

/**
 * Keeps an inbound message that matched nothing, once per Message-ID and workspace; its HTML, if any, is already
 * sanitised (the listener's mail worker did it).
 *
 * @param options.quota count the message against the workspace's mail quota (received mail)
 * @returns the kept message's id, and `duplicate: true` (with the first copy's id) when that Message-ID was
 *   already kept
 * @throws {QuotaExceededError} when `quota` is given and the message does not fit it
 * @example
 * const { id, duplicate } = await keepUnmatchedMessage(tx, message);
 */
export async function keepUnmatchedMessage(
  tx: Sql,
  message: NewUnmatchedMessage,
  options: { quota?: MailQuota } = {},
): Promise<{ id: string; duplicate: boolean }> {
  const id = newId('unmatchedMessage', message.received_at.getTime());
  const bytes = storedBytes({
    subject: message.subject,
    textBody: message.text_body,
    htmlBody: message.html_body,
  });
  const [inserted] = await tx.query<{ id: string }>(
    `insert into unmatched_messages (id, workspace_id, message_id, in_reply_to, references_ids, envelope_from,
       from_address, to_address, subject, text_body, html_body, raw_size_bytes, received_at, sender_check,
       html_sanitized, html_note, stored_bytes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::text::jsonb, true, $15, $16)
     on conflict (workspace_id, message_id) do nothing returning id`,
    [
      id,
      message.workspace_id,
      message.message_id,
      message.in_reply_to,
      message.references_ids,
      message.envelope_from,
      message.from_address,
      message.to_address,
      message.subject,
      message.text_body,
      message.html_body,
      message.raw_size_bytes,
      message.received_at,
      message.sender_check ? JSON.stringify(message.sender_check) : null,
      message.html_note ?? null,
      bytes,
    ],
  );
  if (inserted) {
    if (options.quota) await addStoredBytes(tx, message.workspace_id, bytes, options.quota);
    return { id: inserted.id, duplicate: false };
  }
  const [first] = await tx.query<{ id: string }>(
    'select id from unmatched_messages where workspace_id = $1 and message_id = $2',
    [message.workspace_id, message.message_id],
  );
  return { id: first?.id ?? id, duplicate: true };
}

/** Whether the workspace already kept this Message-ID as unmatched. */
export async function isUnmatchedMessageKept(
  db: Sql,
  workspaceId: string,
  messageId: string,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from unmatched_messages where workspace_id = $1 and message_id = $2',
    [workspaceId, messageId],
  );
  return rows.length > 0;
}

/** Unmatched messages shown on one page. */
export const UNMATCHED_PAGE_SIZE = 25;

/** Characters of an unmatched message's text the list shows. */
const UNMATCHED_PREVIEW_CHARS = 2000;

/**
 * A page of the workspace's unmatched messages not yet attached, newest first: the `limit` received before
 * `before` (a message's id; the newest when absent). Texts are cut to a preview in the database and HTML is not
 * read, so a page is small whatever the list holds; `olderThan` pages on, so a flood never hides the oldest.
 *
 * @param options.before an unmatched message's id: the page holds older ones. Default: the newest page
 * @param options.limit messages a page. Default {@link UNMATCHED_PAGE_SIZE}
 */
export async function listUnmatchedPage(
  db: Sql,
  workspaceId: string,
  options: { limit?: number; before?: string | undefined } = {},
): Promise<{ messages: UnmatchedMessage[]; olderThan: string | null }> {
  const limit = options.limit ?? UNMATCHED_PAGE_SIZE;
  const rows = await db.query<UnmatchedMessage & Record<string, unknown>>(
    `select id, workspace_id, message_id, in_reply_to, references_ids, envelope_from, from_address, to_address,
       subject, left(text_body, $4) as text_body, null as html_body, raw_size_bytes, received_at,
       attached_to_prospect_id, attached_at, sender_check, html_sanitized, html_note
     from unmatched_messages
     where workspace_id = $1 and attached_at is null
       and ($3::text is null or (received_at, id) < (select received_at, id from unmatched_messages b where b.id = $3 and b.workspace_id = $1))
     order by received_at desc, id desc limit $2`,
    [workspaceId, limit + 1, options.before ?? null, UNMATCHED_PREVIEW_CHARS],
  );
  const messages = rows.slice(0, limit);
  return { messages, olderThan: rows.length > limit ? (messages.at(-1)?.id ?? null) : null };
}

/** The newest page of {@link listUnmatchedPage}, as a list. */
export async function listUnmatchedMessages(
  db: Sql,
  workspaceId: string,
  options: { limit?: number } = {},
): Promise<UnmatchedMessage[]> {
  return (await listUnmatchedPage(db, workspaceId, options)).messages;
}

/** One unmatched message of the workspace (attached or not), or `undefined`. */
export async function getUnmatchedMessage(
  db: Sql,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UnmatchedMessage | undefined> {
  const [row] = await db.query<UnmatchedMessage & Record<string, unknown>>(
    `select * from unmatched_messages where workspace_id = $1 and id = $2${options.forUpdate ? ' for update' : ''}`,
    [workspaceId, id],
  );
  return row;
}

/** Marks an unmatched message as attached to a prospect (the caller copies it into the conversation). */
export async function markUnmatchedMessageAttached(
  tx: Sql,
  id: string,
  prospectId: string,
  now: Date,
): Promise<void> {
  await tx.query(
    'update unmatched_messages set attached_to_prospect_id = $2, attached_at = $3 where id = $1',
    [id, prospectId, now],
  );
}

/** How many of the workspace's unmatched messages wait to be attached. */
export async function countUnmatchedMessages(db: Sql, workspaceId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from unmatched_messages where workspace_id = $1 and attached_at is null',
    [workspaceId],
  );
  return row?.n ?? 0;
}
