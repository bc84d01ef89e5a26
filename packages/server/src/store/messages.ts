import { type BuiltEvent, newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { recordReplyReceived } from './app-events.js';
import { ensureConversation, recordConversationActivity } from './conversations.js';
import { addStoredBytes, type MailQuota, storedBytes } from './mail-quota.js';
import type { SenderCheck } from './sender-check.js';

/** One message of a conversation (migration 11's `messages`). */
export interface MessageRecord {
  id: string;
  workspace_id: string;
  conversation_id: string;
  direction: 'outgoing' | 'incoming';
  /** The Message-ID, without angle brackets. */
  message_id: string;
  in_reply_to: string | null;
  references_ids: string[];
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Incoming only: the envelope sender (`MAIL FROM`), `''` for a bounce, `null` before migration 15. */
  envelope_from: string | null;
  /** Incoming only: what the sender's checks found; `null` before migration 15. */
  sender_check: SenderCheck | null;
  /** `html_body` was sanitised on arrival; `false` for HTML stored before migration 15 (sanitised when shown). */
  html_sanitized: boolean;
  /** Why the formatted version is not the whole HTML part, or `null`. */
  html_note: string | null;
  /** Outgoing only: whether the relay took it. */
  send_status: 'sent' | 'not_sent_no_relay' | 'failed' | null;
  send_error: string | null;
  /** Outgoing only: the member who wrote it (`tm_...`), or `null` (the CLI, or before people signed in). */
  author_id: string | null;
  /** The author's name, when listed by `listConversationMessages`. */
  author_name?: string | null;
  created_at: Date;
}

/** The parts of a message both directions store. */
export interface MessageContent {
  /** The Message-ID, without angle brackets. */
  messageId: string;
  inReplyTo: string | null;
  referencesIds: readonly string[];
  fromAddress: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
}

/** What a received message carries besides its content: its envelope, its sender's check and its HTML's note. */
export interface ReceivedDetails {
  /** `MAIL FROM`, `''` for a bounce. */
  envelopeFrom: string;
  senderCheck: SenderCheck;
  /** Why the stored (sanitised) HTML is not the whole part, or `null`. */
  htmlNote: string | null;
}

async function insertMessage(
  tx: Sql,
  row: MessageContent & {
    workspaceId: string;
    conversationId: string;
    direction: 'outgoing' | 'incoming';
    sendStatus: MessageRecord['send_status'];
    sendError: string | null;
    received: ReceivedDetails | undefined;
    authorId?: string | null;
    now: Date;
  },
): Promise<string | undefined> {
  const [inserted] = await tx.query<{ id: string }>(
    `insert into messages (id, workspace_id, conversation_id, direction, message_id, in_reply_to, references_ids,
       from_address, to_address, subject, text_body, html_body, send_status, send_error, created_at,
       envelope_from, sender_check, html_sanitized, html_note, stored_bytes, author_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::text::jsonb, $20, $18, $19, $21)
     on conflict (workspace_id, message_id) do nothing returning id`,
    [
      newId('message', row.now.getTime()),
      row.workspaceId,
      row.conversationId,
      row.direction,
      row.messageId,
      row.inReplyTo,
      [...row.referencesIds],
      row.fromAddress,
      row.toAddress,
      row.subject,
      row.textBody,
      row.htmlBody,
      row.sendStatus,
      row.sendError,
      row.now,
      row.received?.envelopeFrom ?? null,
      row.received ? JSON.stringify(row.received.senderCheck) : null,
      row.received?.htmlNote ?? null,
      storedBytes(row),
      // Received mail's HTML was sanitised by the mail worker; HTML given any other way is sanitised when shown.
      row.received !== undefined || row.htmlBody === null,
      row.authorId ?? null,
    ],
  );
  return inserted?.id;
}

/** What {@link recordIncomingMessage} did. */
export interface IncomingOutcome {
  conversationId: string;
  /** The stored message's id (`msg_...`), or `undefined` when it was a duplicate. */
  id: string | undefined;
  /** The Message-ID was already in the workspace: nothing stored, nothing announced. */
  duplicate: boolean;
  /** The `inbox.reply.received` event, unless a duplicate or not announced. */
  event: BuiltEvent['envelope'] | undefined;
}

/**
 * Adds a prospect's reply to the prospect's conversation (made if it has none), marks the conversation unread
 * with new activity, and, when `announce`, emits `inbox.reply.received`, all in the caller's transaction. The one
 * path for every incoming message: the SMTP listener, an unmatched message attached in the app, and
 * `simulate reply`. A Message-ID already stored in the workspace is a duplicate: stored and announced once.
 *
 * @param options.prospectId the prospect who replied (must be of the workspace)
 * @param options.announce emit `inbox.reply.received`: `false` for a message whose one link to the prospect is an
 *   unchecked `From:` (issue 24, finding 3), kept in the conversation and marked, never announced
 * @param options.received the envelope sender, the sender's check and the HTML's note (received mail)
 * @param options.quota count the message against the workspace's mail quota (received mail)
 * @param options.now when it was received
 * @throws {QuotaExceededError} when `quota` is given and the message does not fit it
 * @param options.receivedAt when it arrived, if earlier than `now` (mail attached from the Unmatched list keeps its
 *   own time). Default: `now`
 * @example
 * await db.transaction((tx) => recordIncomingMessage(tx, { workspaceId, prospectId, message, announce: true, now: new Date() }));
 * @see openapi.yaml `webhooks.inbox.reply.received`; docs/architecture.md, "Mail"
 */
export async function recordIncomingMessage(
  tx: Sql,
  options: {
    workspaceId: string;
    prospectId: string;
    message: MessageContent;
    announce: boolean;
    received?: ReceivedDetails;
    quota?: MailQuota;
    now: Date;
    receivedAt?: Date;
  },
): Promise<IncomingOutcome> {
  const at = options.receivedAt ?? options.now;
  const conversation = await ensureConversation(tx, {
    workspaceId: options.workspaceId,
    prospectId: options.prospectId,
    now: options.now,
  });
  const id = await insertMessage(tx, {
    ...options.message,
    workspaceId: options.workspaceId,
    conversationId: conversation.id,
    direction: 'incoming',
    sendStatus: null,
    sendError: null,
    received: options.received,
    now: at,
  });
  if (id === undefined) return { conversationId: conversation.id, id, duplicate: true, event: undefined };
  if (options.quota)
    await addStoredBytes(tx, options.workspaceId, storedBytes(options.message), options.quota);
  await recordConversationActivity(tx, { conversationId: conversation.id, at, incoming: true });
  const event = options.announce ? await recordReplyReceived(tx, options.prospectId, options.now) : undefined;
  return { conversationId: conversation.id, id, duplicate: false, event };
}

/**
 * Stores a message sent (or not) from a conversation, with the relay's verdict, and moves the conversation's
 * last activity.
 *
 * @returns the stored message's id (`msg_...`)
 */
export async function recordOutgoingMessage(
  tx: Sql,
  options: {
    workspaceId: string;
    conversationId: string;
    message: MessageContent;
    sendStatus: 'sent' | 'not_sent_no_relay' | 'failed';
    sendError: string | null;
    /** The member who wrote it (`tm_...`). Default: none. */
    authorId?: string | null;
    now: Date;
  },
): Promise<string> {
  const id = await insertMessage(tx, {
    ...options.message,
    workspaceId: options.workspaceId,
    conversationId: options.conversationId,
    direction: 'outgoing',
    sendStatus: options.sendStatus,
    sendError: options.sendError,
    received: undefined,
    authorId: options.authorId ?? null,
    now: options.now,
  });
  if (id === undefined)
    throw new Error('[prospectkit] Failed to store an outgoing message: its Message-ID is taken.');
  await recordConversationActivity(tx, {
    conversationId: options.conversationId,
    at: options.now,
    incoming: false,
  });
  return id;
}

/** Whether the workspace already has a message with this Message-ID. */
export async function isMessageStored(db: Sql, workspaceId: string, messageId: string): Promise<boolean> {
  const rows = await db.query('select 1 from messages where workspace_id = $1 and message_id = $2', [
    workspaceId,
    messageId,
  ]);
  return rows.length > 0;
}

/**
 * The conversation of a message sent from it that one of these Message-IDs names (In-Reply-To first, then
 * References from the newest), within a workspace when given. Only Message-IDs this server made count: they are
 * random and went only to the prospect, so naming one is a link of its own; a received message's Message-ID is
 * whatever its sender chose, and naming it proves nothing (issue 24, finding 3).
 */
export async function findConversationByMessageIds(
  db: Sql,
  messageIds: readonly string[],
  workspaceId?: string,
): Promise<{ conversation_id: string; workspace_id: string; prospect_id: string } | undefined> {
  if (messageIds.length === 0) return undefined;
  const [row] = await db.query<{ conversation_id: string; workspace_id: string; prospect_id: string }>(
    `select m.conversation_id, m.workspace_id, c.prospect_id
     from messages m join conversations c on c.id = m.conversation_id
     where m.message_id = any($1::text[]) and ($2::text is null or m.workspace_id = $2)
       and m.direction = 'outgoing'
     order by array_position($1::text[], m.message_id) limit 1`,
    [[...messageIds], workspaceId ?? null],
  );
  return row;
}

/** A conversation's messages, oldest first, each outgoing one with its author's name. */
export async function listConversationMessages(
  db: Sql,
  workspaceId: string,
  conversationId: string,
): Promise<MessageRecord[]> {
  return db.query<MessageRecord & Record<string, unknown>>(
    `select m.*, t.name as author_name from messages m left join teammates t on t.id = m.author_id
     where m.workspace_id = $1 and m.conversation_id = $2 order by m.created_at, m.id`,
    [workspaceId, conversationId],
  );
}

/**
 * Who last wrote into a conversation: the sender of its newest incoming message, or `undefined` when none came
 * in. A reply goes to them, not to the prospect's contact email, when someone else of the company wrote.
 */
export async function latestIncomingSender(db: Sql, conversationId: string): Promise<string | undefined> {
  const [row] = await db.query<{ from_address: string }>(
    `select from_address from messages where conversation_id = $1 and direction = 'incoming' and from_address <> ''
     order by created_at desc, id desc limit 1`,
    [conversationId],
  );
  return row?.from_address;
}

/** The most References a reply carries: the thread's newest Message-IDs. */
const MAX_REFERENCES = 20;

/**
 * The threading headers of a new message in a conversation (RFC 5322 section 3.6.4): In-Reply-To names its
 * newest message, References the newest {@link MAX_REFERENCES} Message-IDs, oldest first.
 */
export async function threadHeaders(
  db: Sql,
  conversationId: string,
): Promise<{ inReplyTo: string | null; referencesIds: string[]; subject: string | null }> {
  const rows = await db.query<{ message_id: string; subject: string }>(
    `select message_id, subject from messages where conversation_id = $1 order by created_at desc, id desc limit $2`,
    [conversationId, MAX_REFERENCES],
  );
  const newest = rows[0];
  return {
    inReplyTo: newest?.message_id ?? null,
    referencesIds: rows.map((r) => r.message_id).reverse(),
    subject: newest?.subject ?? null,
  };
}
