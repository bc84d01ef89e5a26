import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/database.js';
import { findProspect } from '../store/app-events.js';
import { type IncomingOutcome, recordIncomingMessage } from '../store/messages.js';

/**
 * A stand-in reply from a prospect, for testing receivers (`prospectkit-server simulate reply`): a message
 * from the prospect's `contact_email` added to its conversation by `recordIncomingMessage`, the same path as
 * received mail, so it emits `inbox.reply.received` and shows in the inbox.
 *
 * @returns what `recordIncomingMessage` did, or `undefined` when there is no such prospect
 * @example
 * await db.transaction((tx) => simulateReply(tx, 'prs_...', new Date()));
 * @see openapi.yaml `webhooks.inbox.reply.received`
 */
export async function simulateReply(
  tx: Sql,
  prospectId: string,
  now: Date,
): Promise<IncomingOutcome | undefined> {
  const prospect = await findProspect(tx, prospectId);
  if (!prospect) return undefined;
  return recordIncomingMessage(tx, {
    workspaceId: prospect.workspace_id,
    prospectId: prospect.id,
    message: {
      messageId: `${randomUUID()}@simulated.prospectkit.invalid`,
      inReplyTo: null,
      referencesIds: [],
      fromAddress: prospect.contact_email ?? '',
      toAddress: '',
      subject: 'Simulated reply',
      textBody: 'This reply was made by `prospectkit-server simulate reply`, a testing aid.',
      htmlBody: null,
    },
    announce: true,
    now,
  });
}
