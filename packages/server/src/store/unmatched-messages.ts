import { newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';

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
}

/** What {@link keepUnmatchedMessage} stores. */
export type NewUnmatchedMessage = Omit<
  UnmatchedMessage,
  'id' | 'attached_to_prospect_id' | 'attached_at' | 'raw_size_bytes'
> & { raw_size_bytes: number };

/**
 * Keeps an inbound message that matched nothing, once per Message-ID and workspace.
 *
 * @returns the kept message's id, and `duplicate: true` (with the first copy's id) when that Message-ID was
 *   already kept
 * @example
 * const { id, duplicate } = await keepUnmatchedMessage(tx, message);
 */
export async function keepUnmatchedMessage(
  tx: Sql,
  message: NewUnmatchedMessage,
): Promise<{ id: string; duplicate: boolean }> {
  const id = newId('unmatchedMessage', message.received_at.getTime());
  const [inserted] = await tx.query<{ id: string }>(
    `insert into unmatched_messages (id, workspace_id, message_id, in_reply_to, references_ids, envelope_from,
       from_address, to_address, subject, text_body, html_body, raw_size_bytes, received_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
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
    ],
  );
  if (inserted) return { id: inserted.id, duplicate: false };
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

/**
 * The workspace's unmatched messages not yet attached, newest first.
 *
 * @param options.limit at most this many. Default 100
 */
export async function listUnmatchedMessages(
  db: Sql,
  workspaceId: string,
  options: { limit?: number } = {},
): Promise<UnmatchedMessage[]> {
  return db.query<UnmatchedMessage & Record<string, unknown>>(
    `select * from unmatched_messages where workspace_id = $1 and attached_at is null
     order by received_at desc, id desc limit $2`,
    [workspaceId, options.limit ?? 100],
  );
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
