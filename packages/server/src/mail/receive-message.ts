import type { Database, Sql } from '../db/database.js';
import type { MailQuota } from '../store/mail-quota.js';
import { findConversationByMessageIds, isMessageStored, recordIncomingMessage } from '../store/messages.js';
import { findProspectByContactEmail } from '../store/prospects.js';
import type { SenderCheck } from '../store/sender-check.js';
import { isUnmatchedMessageKept, keepUnmatchedMessage } from '../store/unmatched-messages.js';
import type { InboundTarget } from './inbound-address.js';
import type { InboundMessage } from './parse-inbound-message.js';

/** A recipient the listener accepted: a workspace's inbound address or a conversation's reply address. */
export type AcceptedTarget = Extract<InboundTarget, { kind: 'workspace' } | { kind: 'conversation' }>;

/** How a message was matched to a prospect. */
export type MatchedBy = 'reply-address' | 'thread' | 'sender' | 'envelope-sender';

/** What became of a received message in one workspace. */
export type ReceiveOutcome =
  | {
      kind: 'conversation';
      workspaceId: string;
      conversationId: string;
      prospectId: string;
      /** How it was matched. */
      by: MatchedBy;
      /** Whether `inbox.reply.received` was emitted (not for a duplicate, nor for an unchecked sender's match). */
      announced: boolean;
      duplicate: boolean;
    }
  | { kind: 'unmatched'; workspaceId: string; unmatchedId: string | undefined; duplicate: boolean };

/** A recipient that names something: its workspace (and whether it is suspended), and the conversation. */
export interface ResolvedTarget {
  workspaceId: string;
  /** A suspended workspace takes no mail: the listener answers 550 at RCPT. */
  suspended: boolean;
  conversation?: { id: string; prospectId: string };
}

/**
 * Whether a recipient names something that exists: the workspace, or the conversation (with its workspace).
 * The listener answers 550 at RCPT otherwise.
 */
export async function resolveTarget(db: Sql, target: AcceptedTarget): Promise<ResolvedTarget | undefined> {
  if (target.kind === 'workspace') {
    const [row] = await db.query<{ suspended: boolean }>(
      'select suspended_at is not null as suspended from workspaces where id = $1',
      [target.workspaceId],
    );
    return row ? { workspaceId: target.workspaceId, suspended: row.suspended } : undefined;
  }
  const [row] = await db.query<{ workspace_id: string; prospect_id: string; suspended: boolean }>(
    `select c.workspace_id, c.prospect_id, w.suspended_at is not null as suspended
     from conversations c join workspaces w on w.id = c.workspace_id where c.id = $1`,
    [target.conversationId],
  );
  return row
    ? {
        workspaceId: row.workspace_id,
        suspended: row.suspended,
        conversation: { id: target.conversationId, prospectId: row.prospect_id },
      }
    : undefined;
}

/**
 * Decides where a message to one workspace goes, and whether it is announced. A reply address is a capability
 * (each conversation's is random and went only to its prospect), and so is a Message-ID this server made
 * (`findConversationByMessageIds` looks at sent messages only): either links the message to the prospect. A
 * `From:` or `MAIL FROM` is only a claim: it files the message in the prospect's conversation, but announces it
 * only when the sender's checks vouch for it (DMARC, or aligned SPF or DKIM for `From:`; SPF for `MAIL FROM`).
 * Issue 24, finding 3; see the server README, "Mail".
 */
async function matchInWorkspace(
  tx: Sql,
  workspaceId: string,
  conversation: { id: string; prospectId: string } | undefined,
  message: InboundMessage,
  envelopeFrom: string,
  check: SenderCheck,
): Promise<{ prospectId: string; by: MatchedBy; announce: boolean } | undefined> {
  if (conversation) return { prospectId: conversation.prospectId, by: 'reply-address', announce: true };
  const thread = await findConversationByMessageIds(
    tx,
    [...(message.inReplyTo ? [message.inReplyTo] : []), ...[...message.referencesIds].reverse()],
    workspaceId,
  );
  if (thread) return { prospectId: thread.prospect_id, by: 'thread', announce: true };
  const sender = await findProspectByContactEmail(tx, workspaceId, message.fromAddress);
  if (sender) return { prospectId: sender.id, by: 'sender', announce: check.verified };
  const envelope = await findProspectByContactEmail(tx, workspaceId, envelopeFrom.toLowerCase());
  return envelope
    ? { prospectId: envelope.id, by: 'envelope-sender', announce: check.spf === 'pass' }
    : undefined;
}

/**
 * Files a received message in every workspace its recipients name, each in one transaction: into the
 * conversation of the reply address; else into the conversation of a sent message that In-Reply-To or References
 * names; else into the conversation of the prospect whose `contact_email` is its `From:` (or `MAIL FROM`); else
 * into the workspace's Unmatched list (no event). A matched message goes through `recordIncomingMessage`, which
 * emits `inbox.reply.received` unless the match rests on an unchecked sender; a Message-ID the workspace already
 * has is a duplicate and changes nothing. Each stored message counts against its workspace's quota.
 *
 * @param options.targets the accepted recipients, already resolved by {@link resolveTarget}
 * @param options.envelopeFrom `MAIL FROM`, `''` for a bounce
 * @param options.senderCheck what the SPF, DKIM and DMARC checks found (`verifySender`)
 * @param options.rawBytes the message's size as received
 * @returns one outcome per workspace
 * @throws {QuotaExceededError} when a workspace's quota has no room for it (nothing of it is kept there)
 * @example
 * const outcomes = await receiveMessage(db, { message, senderCheck, targets, envelopeFrom, rawBytes, quota, now: new Date() });
 * @see docs/architecture.md, "Mail"; openapi.yaml `webhooks.inbox.reply.received`
 */
export async function receiveMessage(
  db: Database,
  options: {
    message: InboundMessage;
    senderCheck: SenderCheck;
    targets: ReadonlyArray<{ workspaceId: string; conversation?: { id: string; prospectId: string } }>;
    envelopeFrom: string;
    rawBytes: number;
    quota: MailQuota;
    now: Date;
  },
): Promise<ReceiveOutcome[]> {
  const byWorkspace = new Map<string, { id: string; prospectId: string } | undefined>();
  for (const target of options.targets) {
    // A reply address is the surest match: it wins over the workspace's address in the same workspace.
    if (!byWorkspace.get(target.workspaceId)) byWorkspace.set(target.workspaceId, target.conversation);
  }
  const { message, now, senderCheck, quota } = options;
  const received = { envelopeFrom: options.envelopeFrom, senderCheck, htmlNote: message.htmlNote };
  const outcomes: ReceiveOutcome[] = [];
  for (const [workspaceId, conversation] of byWorkspace) {
    outcomes.push(
      await db.transaction(async (tx): Promise<ReceiveOutcome> => {
        const match = await matchInWorkspace(
          tx,
          workspaceId,
          conversation,
          message,
          options.envelopeFrom,
          senderCheck,
        );
        // Kept as unmatched first, then matched when redelivered later: still the same message, stored once.
        const keptUnmatched = await isUnmatchedMessageKept(tx, workspaceId, message.messageId);
        if (match && !keptUnmatched) {
          const done = await recordIncomingMessage(tx, {
            workspaceId,
            prospectId: match.prospectId,
            message,
            announce: match.announce,
            received,
            quota,
            now,
          });
          return {
            kind: 'conversation',
            workspaceId,
            conversationId: done.conversationId,
            prospectId: match.prospectId,
            by: match.by,
            announced: done.event !== undefined,
            duplicate: done.duplicate,
          };
        }
        if (keptUnmatched || (await isMessageStored(tx, workspaceId, message.messageId))) {
          return { kind: 'unmatched', workspaceId, unmatchedId: undefined, duplicate: true };
        }
        const kept = await keepUnmatchedMessage(
          tx,
          {
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
            html_note: message.htmlNote,
            sender_check: senderCheck,
            raw_size_bytes: options.rawBytes,
            received_at: now,
          },
          { quota },
        );
        return { kind: 'unmatched', workspaceId, unmatchedId: kept.id, duplicate: kept.duplicate };
      }),
    );
  }
  return outcomes;
}
