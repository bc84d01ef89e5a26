import { type BuiltEvent, buildEvent } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { enqueueEvents } from './outbox.js';

/** A prospect by id alone, whatever its workspace (for the CLI and the mail listener), or `undefined`. */
export async function findProspect(tx: Sql, prospectId: string) {
  const [prospect] = await tx.query<{
    id: string;
    workspace_id: string;
    company: string;
    contact_email: string | null;
  }>('select id, workspace_id, company, contact_email from prospects where id = $1', [prospectId]);
  return prospect;
}

/**
 * Records that a prospect replied to an email: emits `inbox.reply.received` through the outbox, in the caller's
 * transaction. The reply itself lives in the app; the CLI's `simulate reply` stands in for it.
 *
 * @returns the event envelope, or `undefined` when there is no such prospect
 * @example
 * await db.transaction((tx) => recordReplyReceived(tx, prospectId, new Date()));
 * @see openapi.yaml `webhooks.inbox.reply.received`
 */
export async function recordReplyReceived(
  tx: Sql,
  prospectId: string,
  now: Date,
): Promise<BuiltEvent['envelope'] | undefined> {
  const prospect = await findProspect(tx, prospectId);
  if (!prospect) return undefined;
  const event = buildEvent(
    'inbox.reply.received',
    prospect.workspace_id,
    { prospect_id: prospect.id, company: prospect.company, contact_email: prospect.contact_email },
    now.getTime(),
  );
  await enqueueEvents(tx, prospect.workspace_id, [event], now);
  return event.envelope;
}
