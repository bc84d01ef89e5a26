import type { Sql } from '../db/database.js';
import type { MessageRecord } from './messages.js';

/** Messages of a thread shown on one page. */
export const THREAD_PAGE_SIZE = 20;

/** Characters of a message's text shown in the thread; the message's own page shows the rest. */
export const THREAD_TEXT_CHARS = 10_000;

/** A message as the thread shows it: its text cut to {@link THREAD_TEXT_CHARS}, its HTML only said to exist. */
export type ThreadMessage = Omit<MessageRecord, 'html_body'> & {
  /** The whole text's length, in characters (more than `text_body`'s when it was cut). */
  text_chars: number;
  /** Whether it has a formatted (HTML) version, shown on demand in a sandboxed frame. */
  has_html: boolean;
};

/** One page of a thread: oldest first within the page, and the message to page back from. */
export interface ThreadPage {
  messages: ThreadMessage[];
  /** The id of this page's oldest message when older ones exist (`?before=` of the next page), else `null`. */
  olderThan: string | null;
}

/**
 * A page of a conversation's thread, newest page first: the `limit` messages before `before` (a message id; the
 * newest when absent), shown oldest first. Each message's text is cut in the database, and its HTML is not read
 * at all, so a page's size is bounded whatever the thread holds (issue 24, finding 1).
 *
 * @param options.before a message id of the thread: the page holds older messages. Default: the newest page
 * @param options.limit messages a page. Default {@link THREAD_PAGE_SIZE}
 * @example
 * const { messages, olderThan } = await listThreadPage(db, { workspaceId, conversationId });
 */
export async function listThreadPage(
  db: Sql,
  options: { workspaceId: string; conversationId: string; before?: string | undefined; limit?: number },
): Promise<ThreadPage> {
  const limit = options.limit ?? THREAD_PAGE_SIZE;
  const rows = await db.query<ThreadMessage & Record<string, unknown>>(
    `select m.id, m.workspace_id, m.conversation_id, m.direction, m.message_id, m.in_reply_to, m.references_ids,
       m.from_address, m.to_address, m.subject, left(m.text_body, $5) as text_body,
       char_length(m.text_body) as text_chars, m.html_body is not null as has_html, m.envelope_from, m.sender_check,
       m.html_sanitized, m.html_note, m.send_status, m.send_error, m.created_at, m.author_id, t.name as author_name
     from messages m left join teammates t on t.id = m.author_id
     where m.workspace_id = $1 and m.conversation_id = $2
       and ($3::text is null or (m.created_at, m.id) < (select created_at, id from messages b where b.id = $3 and b.conversation_id = $2))
     order by m.created_at desc, m.id desc limit $4`,
    [options.workspaceId, options.conversationId, options.before ?? null, limit + 1, THREAD_TEXT_CHARS],
  );
  const older = rows.length > limit;
  const page = rows.slice(0, limit).reverse();
  return { messages: page, olderThan: older ? (page[0]?.id ?? null) : null };
}

/** One message of a conversation, whole (its own page), or `undefined`. */
export async function getConversationMessage(
  db: Sql,
  options: { workspaceId: string; conversationId: string; messageId: string },
): Promise<MessageRecord | undefined> {
  const [row] = await db.query<MessageRecord & Record<string, unknown>>(
    'select * from messages where workspace_id = $1 and conversation_id = $2 and id = $3',
    [options.workspaceId, options.conversationId, options.messageId],
  );
  return row;
}

/** Stores the sanitised HTML of a message kept before migration 15, the first time it is shown. */
export async function saveSanitizedHtml(
  db: Sql,
  options: { messageId: string; html: string; note: string | null },
): Promise<void> {
  await db.query('update messages set html_body = $2, html_note = $3, html_sanitized = true where id = $1', [
    options.messageId,
    options.html,
    options.note,
  ]);
}
