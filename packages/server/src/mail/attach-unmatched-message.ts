import type { Database } from '../db/database.js';
import { recordIncomingMessage } from '../store/messages.js';
import { getProspect } from '../store/prospects.js';
import { UNCHECKED_SENDER } from '../store/sender-check.js';
import { getUnmatchedMessage, markUnmatchedMessageAttached } from '../store/unmatched-messages.js';

/** What {@link attachUnmatchedMessage} did. */
export type AttachOutcome =
  | { ok: true; conversationId: string }
  | { ok: false; problem: 'no-message' | 'already-attached' | 'no-prospect' };

/**
 * Attaches an unmatched message to a prospect, in one transaction: the message joins the prospect's
 * conversation by the same path as received mail (`recordIncomingMessage`, which emits
 * `inbox.reply.received`), and leaves the Unmatched list.
 *
 * @example
 * const out = await attachUnmatchedMessage(db, { workspaceId, unmatchedId: 'um_...', prospectId: 'prs_...', now: new Date() });
 * @see openapi.yaml `webhooks.inbox.reply.received`; docs/architecture.md, "Mail"
 */
export async function attachUnmatchedMessage(
  db: Database,
  options: { workspaceId: string; unmatchedId: string; prospectId: string; now: Date },
): Promise<AttachOutcome> {
  const { workspaceId, now } = options;
  return db.transaction(async (tx): Promise<AttachOutcome> => {
    const kept = await getUnmatchedMessage(tx, workspaceId, options.unmatchedId, { forUpdate: true });
    if (!kept) return { ok: false, problem: 'no-message' };
    if (kept.attached_at) return { ok: false, problem: 'already-attached' };
    const prospect = await getProspect(tx, workspaceId, options.prospectId);
    if (!prospect) return { ok: false, problem: 'no-prospect' };
    const done = await recordIncomingMessage(tx, {
      workspaceId,
      prospectId: prospect.id,
      message: {
        messageId: kept.message_id,
        inReplyTo: kept.in_reply_to,
        referencesIds: kept.references_ids,
        fromAddress: kept.from_address,
        toAddress: kept.to_address,
        subject: kept.subject,
        textBody: kept.text_body,
        htmlBody: kept.html_body,
      },
      // A person chose the prospect: announced, whatever the sender's checks found.
      announce: true,
      received: {
        envelopeFrom: kept.envelope_from,
        senderCheck: kept.sender_check ?? UNCHECKED_SENDER,
        htmlNote: kept.html_note,
      },
      now,
      // Shown at the time it arrived, not the time it was attached.
      receivedAt: kept.received_at,
    });
    // HTML kept before migration 15 is not sanitised yet: the copy says so, as the original did.
    if (!kept.html_sanitized && kept.html_body !== null && done.id) {
      await tx.query('update messages set html_sanitized = false where id = $1', [done.id]);
    }
    await markUnmatchedMessageAttached(tx, kept.id, prospect.id, now);
    return { ok: true, conversationId: done.conversationId };
  });
}
