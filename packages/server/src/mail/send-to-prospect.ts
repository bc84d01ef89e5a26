import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { ensureConversation } from '../store/conversations.js';
import { recordOutgoingMessage, threadHeaders } from '../store/messages.js';
import { getProspect } from '../store/prospects.js';
import { inboundAddress, replyAddress } from './inbound-address.js';
import type { MailSender, SendResult } from './mail-sender.js';

/** What {@link sendToProspect} did. */
export type SendToProspectOutcome =
  | { ok: true; conversationId: string; messageId: string; result: SendResult }
  | { ok: false; problem: 'no-prospect' | 'no-contact-email' };

/** `Re: ` once, before the thread's subject, as mail clients do. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/**
 * Writes an email to a prospect's `contact_email` from the prospect's conversation (made if it has none):
 * From the workspace's inbound address, Reply-To the conversation's reply address (so the answer comes back to
 * this conversation), a fresh Message-ID, and In-Reply-To/References to the thread so far. The message is stored
 * whatever the relay says: `sent`, `failed` with the reason, or `not_sent_no_relay`; never silently dropped.
 *
 * @param options.subject the subject; `undefined` replies to the thread (`Re: ` its latest subject)
 * @param options.text the plain-text body
 * @returns the conversation and the stored message, or why nothing was written
 * @example
 * const out = await sendToProspect(db, sender, { workspaceId, prospectId, subject: 'Hello', text: 'Hi!', inboundDomain: 'localhost', now: new Date() });
 * @see docs/architecture.md, "Mail"
 */
export async function sendToProspect(
  db: Database,
  sender: MailSender,
  options: {
    workspaceId: string;
    prospectId: string;
    subject: string | undefined;
    text: string;
    inboundDomain: string;
    now: Date;
    /** The member writing it (`tm_...`), stored as its author. Default: none. */
    authorId?: string | null;
    /** Send to this address rather than the prospect's `contact_email` (the person who wrote in). Default: that. */
    to?: string | undefined;
  },
): Promise<SendToProspectOutcome> {
  const { workspaceId, inboundDomain, now } = options;
  const prospect = await getProspect(db, workspaceId, options.prospectId);
  if (!prospect) return { ok: false, problem: 'no-prospect' };
  if (!options.to && !prospect.contact_email) return { ok: false, problem: 'no-contact-email' };
  const conversation = await db.transaction((tx) =>
    ensureConversation(tx, { workspaceId, prospectId: prospect.id }),
  );
  const [workspace] = await db.query<{ name: string }>('select name from workspaces where id = $1', [
    workspaceId,
  ]);
  const thread = await threadHeaders(db, conversation.id);
  const subject = options.subject ?? replySubject(thread.subject ?? prospect.company);
  const from = inboundAddress(workspaceId, inboundDomain);
  const message = {
    messageId: `${randomUUID()}@${inboundDomain}`,
    inReplyTo: thread.inReplyTo,
    referencesIds: thread.referencesIds,
    fromAddress: from,
    toAddress: (options.to ?? prospect.contact_email) as string,
    subject,
    textBody: options.text,
    htmlBody: null,
  };
  const result = await sender.send({
    from: { name: workspace?.name ?? 'ProspectKit', address: from },
    to: message.toAddress,
    replyTo: replyAddress(conversation.id, inboundDomain),
    subject,
    text: options.text,
    messageId: message.messageId,
    inReplyTo: message.inReplyTo,
    referencesIds: message.referencesIds,
  });
  const messageId = await db.transaction((tx) =>
    recordOutgoingMessage(tx, {
      workspaceId,
      conversationId: conversation.id,
      message,
      sendStatus: result.status,
      sendError: result.error,
      authorId: options.authorId ?? null,
      now,
    }),
  );
  return { ok: true, conversationId: conversation.id, messageId, result };
}
