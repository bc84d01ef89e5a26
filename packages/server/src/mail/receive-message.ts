import type { Database, Sql } from '../db/database.js';
import { findConversationByMessageIds, isMessageStored, recordIncomingMessage } from '../store/messages.js';
import { findProspectByContactEmail } from '../store/prospects.js';
import { isUnmatchedMessageKept, keepUnmatchedMessage } from '../store/unmatched-messages.js';
import type { InboundTarget } from './inbound-address.js';
import type { InboundMessage } from './parse-inbound-message.js';

/** A recipient the listener accepted: a workspace's inbound address or a conversation's reply address. */
export type AcceptedTarget = Extract<InboundTarget, { kind: 'workspace' } | { kind: 'conversation' }>;

/** What became of a received message in one workspace. */
export type ReceiveOutcome =
  | {
      kind: 'conversation';
      workspaceId: string;
      conversationId: string;
      prospectId: string;
      /** How it was matched. */
      by: 'reply-address' | 'thread' | 'sender';
      duplicate: boolean;
    }
  | { kind: 'unmatched'; workspaceId: string; unmatchedId: string | undefined; duplicate: boolean };

/**
 * Whether a recipient names something that exists: the workspace, or the conversation (with its workspace).
 * The listener answers 550 at RCPT otherwise.
 */
export async function resolveTarget(
  db: Sql,
  target: AcceptedTarget,
): Promise<{ workspaceId: string; conversation?: { id: string; prospectId: string } } | undefined> {
  if (target.kind === 'workspace') {
    const rows = await db.query('select 1 from workspaces where id = $1', [target.workspaceId]);
    return rows.length ? { workspaceId: target.workspaceId } : undefined;
  }
  const [row] = await db.query<{ workspace_id: string; prospect_id: string }>(
    'select workspace_id, prospect_id from conversations where id = $1',
    [target.conversationId],
  );
  return row
    ? {
        workspaceId: row.workspace_id,
        conversation: { id: target.conversationId, prospectId: row.prospect_id },
      }
    : undefined;
}

/** Decides where a message to one workspace goes: a prospect's conversation, or nowhere (unmatched). */
async function matchInWorkspace(
  tx: Sql,
  workspaceId: string,
  conversation: { id: string; prospectId: string } | undefined,
  message: InboundMessage,
  envelopeFrom: string,
): Promise<{ prospectId: string; by: 'reply-address' | 'thread' | 'sender' } | undefined> {
  if (conversation) return { prospectId: conversation.prospectId, by: 'reply-address' };
  const thread = await findConversationByMessageIds(
    tx,
    [...(message.inReplyTo ? [message.inReplyTo] : []), ...[...message.referencesIds].reverse()],
    workspaceId,
  );
  if (thread) return { prospectId: thread.prospect_id, by: 'thread' };
  const sender =
    (await findProspectByContactEmail(tx, workspaceId, message.fromAddress)) ??
    (await findProspectByContactEmail(tx, workspaceId, envelopeFrom.toLowerCase()));
  return sender ? { prospectId: sender.id, by: 'sender' } : undefined;
}

/**
 * Files a received message in every workspace its recipients name, each in one transaction: into the
 * conversation of the reply address; else into the conversation whose message In-Reply-To or References names;
 * else into the conversation of the prospect whose `contact_email` sent it; else into the workspace's Unmatched
 * list (no event). A matched message goes through `recordIncomingMessage`, which emits `inbox.reply.received`;
 * a Message-ID the workspace already has is a duplicate and changes nothing.
 *
 * @param options.targets the accepted recipients, already resolved by {@link resolveTarget}
 * @param options.envelopeFrom `MAIL FROM`, `''` for a bounce
 * @param options.rawBytes the message's size as received
 * @returns one outcome per workspace
 * @example
 * const outcomes = await receiveMessage(db, { message, targets, envelopeFrom, rawBytes, now: new Date() });
 * @see docs/architecture.md, "Mail"; openapi.yaml `webhooks.inbox.reply.received`
 */
export async function receiveMessage(
  db: Database,
  options: {
    message: InboundMessage;
    targets: ReadonlyArray<{ workspaceId: string; conversation?: { id: string; prospectId: string } }>;
    envelopeFrom: string;
    rawBytes: number;
    now: Date;
  },
): Promise<ReceiveOutcome[]> {
  const byWorkspace = new Map<string, { id: string; prospectId: string } | undefined>();
  for (const target of options.targets) {
    // A reply address is the surest match: it wins over the workspace's address in the same workspace.
    if (!byWorkspace.get(target.workspaceId)) byWorkspace.set(target.workspaceId, target.conversation);
  }
  const { message, now } = options;
  const outcomes: ReceiveOutcome[] = [];
  for (const [workspaceId, conversation] of byWorkspace) {
    outcomes.push(
      await db.transaction(async (tx): Promise<ReceiveOutcome> => {
        const match = await matchInWorkspace(tx, workspaceId, conversation, message, options.envelopeFrom);
        // Kept as unmatched first, then matched when redelivered later: still the same message, stored once.
        const keptUnmatched = await isUnmatchedMessageKept(tx, workspaceId, message.messageId);
        if (match && !keptUnmatched) {
          const done = await recordIncomingMessage(tx, {
            workspaceId,
            prospectId: match.prospectId,
            message,
            now,
          });
          return {
            kind: 'conversation',
            workspaceId,
            conversationId: done.conversationId,
            prospectId: match.prospectId,
            by: match.by,
            duplicate: done.duplicate,
          };
        }
        if (keptUnmatched || (await isMessageStored(tx, workspaceId, message.messageId))) {
          return { kind: 'unmatched', workspaceId, unmatchedId: undefined, duplicate: true };
        }
        const kept = await keepUnmatchedMessage(tx, {
          workspace_id: workspaceId,
          message_id: message.messageId,
          in_reply_to: message.inReplyTo,
          references_ids: [...message.referencesIds],
          envelope_from: options.envelopeFrom,
          from_address: message.fromAddress,
          to_address: message.toAddress,
          subject: message.subject,
          text_body: message.textBody,
          html_body: message.htmlBody,
          raw_size_bytes: options.rawBytes,
          received_at: now,
        });
        return { kind: 'unmatched', workspaceId, unmatchedId: kept.id, duplicate: kept.duplicate };
      }),
    );
  }
  return outcomes;
}
