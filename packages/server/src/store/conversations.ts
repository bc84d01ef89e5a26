import { type BuiltEvent, buildEvent, newId } from '@prospectkit/core';
import type { Database, Sql } from '../db/database.js';
import { enqueueEvents } from './outbox.js';

/** The inbox's thread with one prospect: every message to and from them, and who on the team answers. */
export interface Conversation {
  /** `cv_` and a ULID. */
  id: string;
  /** The workspace it belongs to. */
  workspace_id: string;
  /** The prospect it is with (`prs_...`); one conversation per prospect. */
  prospect_id: string;
  /** The teammate it is assigned to (`tm_...`), or `null` while unassigned. */
  assignee_id: string | null;
  /** When the latest message was sent or received, or `null` before the first. */
  last_message_at: Date | null;
  /** Whether an incoming message arrived since someone last read it. */
  unread: boolean;
  /** When it was created. */
  created_at: Date;
}

/** A conversation as the inbox lists it: with its prospect, its assignee's name and its latest message. */
export interface ConversationSummary extends Conversation {
  /** The prospect's company. */
  company: string;
  /** The prospect's contact name, or `null`. */
  contact_name: string | null;
  /** The prospect's contact email, or `null`. */
  contact_email: string | null;
  /** The assignee's name, or `null` while unassigned. */
  assignee_name: string | null;
  /** The latest message's subject, or `null` before the first message. */
  last_subject: string | null;
  /** The start of the latest message's text (at most 200 characters), or `null` before the first message. */
  last_preview: string | null;
  /** Whether the latest message was `incoming` or `outgoing`, or `null` before the first message. */
  last_direction: 'incoming' | 'outgoing' | null;
}

/** Which conversations a list shows. `assigned` with an `assigneeId` shows that teammate's only. */
export type ConversationFilter = 'all' | 'unassigned' | 'assigned' | 'unread';

/** A conversation, prospect or teammate the caller named is not in the workspace (or, for a teammate, removed). */
export class ConversationError extends Error {
  /** The class name, `'ConversationError'`. */
  override readonly name = 'ConversationError';
  constructor(
    /** Which of the named records is missing; stable across versions. */
    readonly code: 'prospect_not_found' | 'conversation_not_found' | 'teammate_not_found',
    message: string,
  ) {
    super(message);
  }
}

type Row = Conversation & Record<string, unknown>;

/**
 * The prospect's conversation, created (unassigned, read, no messages) when it has none yet. Call it in the
 * transaction that stores the first message, so the two commit together.
 *
 * @param input.now - when it is created, if it is. Default: now
 * @throws {ConversationError} `prospect_not_found` when the prospect is not in the workspace
 * @example
 * const conversation = await db.transaction((tx) => ensureConversation(tx, { workspaceId, prospectId }));
 */
export async function ensureConversation(
  tx: Sql,
  input: { workspaceId: string; prospectId: string; now?: Date },
): Promise<Conversation> {
  const now = input.now ?? new Date();
  // One conversation per prospect (unique prospect_id, migration 11): a concurrent creator's row wins quietly.
  await tx.query(
    `insert into conversations (id, workspace_id, prospect_id, created_at)
     select $1, $2, $3, $4 where exists (select 1 from prospects where id = $3 and workspace_id = $2)
     on conflict (prospect_id) do nothing`,
    [newId('conversation', now.getTime()), input.workspaceId, input.prospectId, now],
  );
  const conversation = await getConversation(tx, input);
  if (!conversation) throw new ConversationError('prospect_not_found', `No prospect ${input.prospectId}.`);
  return conversation;
}

/**
 * One conversation of the workspace, by its id or its prospect's, or `undefined`.
 *
 * @example
 * const conversation = await getConversation(db, { workspaceId, conversationId: 'cv_01J...' });
 */
export async function getConversation(
  db: Sql,
  input: { workspaceId: string } & ({ conversationId: string } | { prospectId: string }),
  options: { forUpdate?: boolean } = {},
): Promise<Conversation | undefined> {
  const byProspect = 'prospectId' in input;
  const [row] = await db.query<Row>(
    `select * from conversations where workspace_id = $1 and ${byProspect ? 'prospect_id' : 'id'} = $2
     ${options.forUpdate ? 'for update' : ''}`,
    [input.workspaceId, byProspect ? input.prospectId : input.conversationId],
  );
  return row as Conversation | undefined;
}

// The cursor is the last row's sort key: (last_message_at desc nulls last, id desc), as the index of migration 11.
function encodeCursor(row: Conversation): string {
  return Buffer.from(`${row.last_message_at?.toISOString() ?? ''}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { at: string | null; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (extra !== undefined || !id || (at !== '' && Number.isNaN(Date.parse(at ?? '')))) return undefined;
  return { at: at === '' ? null : new Date(at as string).toISOString(), id };
}

/**
 * One page of the workspace's conversations, latest activity first (conversations without messages last,
 * newest first among them).
 *
 * @param input.filter - `all`, `unassigned`, `assigned` (to `assigneeId` when given, to anyone otherwise), `unread`
 * @param input.limit - conversations per page, 1-100
 * @param input.cursor - `nextCursor` of the previous page; omitted, or unreadable, for the first page
 * @returns the page and the cursor of the next, or `null` on the last page
 * @example
 * const { data, nextCursor } = await listConversations(db, { workspaceId, filter: 'unread', limit: 25 });
 */
export async function listConversations(
  db: Sql,
  input: {
    workspaceId: string;
    filter: ConversationFilter;
    assigneeId?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ data: ConversationSummary[]; nextCursor: string | null }> {
  const limit = Math.min(100, Math.max(1, Math.trunc(input.limit)));
  const after = decodeCursor(input.cursor);
  const rows = await db.query<ConversationSummary & Record<string, unknown>>(
    `select c.*, p.company, p.contact_name, p.contact_email, t.name as assignee_name,
            m.subject as last_subject, left(m.text_body, 200) as last_preview, m.direction as last_direction
     from conversations c
     join prospects p on p.id = c.prospect_id
     left join teammates t on t.id = c.assignee_id
     left join lateral (
       select subject, text_body, direction from messages
       where conversation_id = c.id order by created_at desc, id desc limit 1
     ) m on true
     where c.workspace_id = $1
       and case $7::text
         when 'unassigned' then c.assignee_id is null
         when 'assigned' then c.assignee_id = coalesce($2::text, c.assignee_id)
         when 'unread' then c.unread
         else true end
       and ($3::boolean is not true
         or ($4::timestamptz is not null
           and (c.last_message_at < $4 or (c.last_message_at = $4 and c.id < $5) or c.last_message_at is null))
         or ($4::timestamptz is null and c.last_message_at is null and c.id < $5))
     order by c.last_message_at desc nulls last, c.id desc
     limit $6`,
    [
      input.workspaceId,
      input.assigneeId ?? null,
      after !== undefined,
      after?.at ?? null,
      after?.id ?? null,
      limit + 1,
      input.filter,
    ],
  );
  const data = rows.slice(0, limit) as ConversationSummary[];
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** What {@link assignConversation} did. */
export interface AssignResult {
  /** The conversation after the change (or as it was, when nothing changed). */
  conversation: Conversation;
  /** Whether `conversation.assigned` was emitted: `false` when it was already assigned to that teammate. */
  emitted: boolean;
  /** The emitted event's envelope, when one was. */
  event?: BuiltEvent['envelope'];
}

/**
 * Assigns a conversation to a teammate of its workspace, or unassigns it (`teammateId` `null`), and emits
 * `conversation.assigned` with `assignee_id` the teammate's id or `null`, in the same transaction. Assigning
 * to the current assignee changes nothing and emits nothing. Naming the prospect creates its conversation
 * when it has none. The settings page, the CLI and `simulate assign` all come through here.
 *
 * @param input.prospectId - the prospect whose conversation it is; or give `conversationId`
 * @param input.teammateId - a current teammate of the workspace (`tm_...`), or `null` to unassign
 * @param input.now - when. Default: now
 * @throws {ConversationError} `teammate_not_found` (not a current teammate of this workspace),
 *   `prospect_not_found` or `conversation_not_found`
 * @example
 * const { emitted } = await assignConversation(db, { workspaceId, prospectId, teammateId: 'tm_01J...' });
 * @see openapi.yaml `webhooks.conversation.assigned`
 */
export async function assignConversation(
  db: Database,
  input: { workspaceId: string; teammateId: string | null; now?: Date } & (
    | { prospectId: string }
    | { conversationId: string }
  ),
): Promise<AssignResult> {
  const now = input.now ?? new Date();
  const { workspaceId, teammateId } = input;
  return db.transaction(async (tx) => {
    if (teammateId !== null) {
      // FOR SHARE waits for a removal in progress, then sees the teammate gone.
      const [teammate] = await tx.query(
        'select id from teammates where id = $1 and workspace_id = $2 and removed_at is null for share',
        [teammateId, workspaceId],
      );
      if (!teammate)
        throw new ConversationError('teammate_not_found', `No teammate ${teammateId} in this workspace.`);
    }
    if ('prospectId' in input)
      await ensureConversation(tx, { workspaceId, prospectId: input.prospectId, now });
    const current = await getConversation(tx, input, { forUpdate: true });
    if (!current) {
      const id = 'conversationId' in input ? input.conversationId : '';
      throw new ConversationError('conversation_not_found', `No conversation ${id} in this workspace.`);
    }
    if (current.assignee_id === teammateId) return { conversation: current, emitted: false };
    const [row] = await tx.query<Row>('update conversations set assignee_id = $2 where id = $1 returning *', [
      current.id,
      teammateId,
    ]);
    const conversation = row as Conversation;
    const event = assignedEvent(conversation, now);
    await enqueueEvents(tx, workspaceId, [event], now);
    return { conversation, emitted: true, event: event.envelope };
  });
}

function assignedEvent(conversation: Conversation, now: Date): BuiltEvent {
  return buildEvent(
    'conversation.assigned',
    conversation.workspace_id,
    { prospect_id: conversation.prospect_id, assignee_id: conversation.assignee_id },
    now.getTime(),
  );
}

/**
 * Unassigns every conversation of a teammate, emitting `conversation.assigned` with `assignee_id` `null` for
 * each, in the caller's transaction. `removeTeammate` calls it.
 *
 * @returns the ids of the prospects whose conversations were unassigned
 * @see openapi.yaml `webhooks.conversation.assigned`
 */
export async function unassignTeammateConversations(
  tx: Sql,
  input: { workspaceId: string; teammateId: string; now: Date },
): Promise<string[]> {
  const rows = await tx.query<Row>(
    `update conversations set assignee_id = null where workspace_id = $1 and assignee_id = $2 returning *`,
    [input.workspaceId, input.teammateId],
  );
  const conversations = (rows as Conversation[]).sort((a, b) => a.id.localeCompare(b.id));
  await enqueueEvents(
    tx,
    input.workspaceId,
    conversations.map((c) => assignedEvent(c, input.now)),
    input.now,
  );
  return conversations.map((c) => c.prospect_id);
}

/**
 * Records a message sent or received in a conversation: moves its latest activity to `at` (never back), and
 * marks it unread when the message is incoming. Call it in the transaction that stores the message.
 *
 * @example
 * await recordConversationActivity(tx, { conversationId: conversation.id, at: new Date(), incoming: true });
 */
export async function recordConversationActivity(
  tx: Sql,
  input: { conversationId: string; at: Date; incoming: boolean },
): Promise<void> {
  await tx.query(
    `update conversations set last_message_at = greatest(coalesce(last_message_at, $2), $2),
       unread = unread or $3 where id = $1`,
    [input.conversationId, input.at, input.incoming],
  );
}

/**
 * Marks a conversation read (someone opened it).
 *
 * @returns the conversation, or `undefined` when it is not in the workspace
 * @example
 * await markConversationRead(db, { workspaceId, conversationId: 'cv_01J...' });
 */
export async function markConversationRead(
  db: Sql,
  input: { workspaceId: string; conversationId: string },
): Promise<Conversation | undefined> {
  const [row] = await db.query<Row>(
    'update conversations set unread = false where id = $1 and workspace_id = $2 returning *',
    [input.conversationId, input.workspaceId],
  );
  return row as Conversation | undefined;
}

/**
 * How many of the workspace's conversations are assigned to a teammate (the remove page says so before removing).
 *
 * @example
 * const n = await countAssignedConversations(db, { workspaceId, teammateId: 'tm_01J...' });
 */
export async function countAssignedConversations(
  db: Sql,
  input: { workspaceId: string; teammateId: string },
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from conversations where workspace_id = $1 and assignee_id = $2',
    [input.workspaceId, input.teammateId],
  );
  return row?.n ?? 0;
}
