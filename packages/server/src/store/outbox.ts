import { type BuiltEvent, newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';

/** The NOTIFY channel that wakes delivery workers after a commit. */
export const DELIVERY_CHANNEL = 'prospectkit_deliveries';

/**
 * Writes events and one pending delivery per subscribed, active webhook, inside the caller's transaction
 * (transactional outbox): a change that rolls back sends nothing, a commit loses nothing. Workers are woken by
 * NOTIFY, which PostgreSQL delivers only on commit.
 */
export async function enqueueEvents(
  tx: Sql,
  workspaceId: string,
  events: readonly BuiltEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  let deliveries = 0;
  for (const { envelope, body } of events) {
    await tx.query(
      'insert into events (id, workspace_id, type, body, occurred_at) values ($1, $2, $3, $4, $5)',
      [envelope.id, workspaceId, envelope.event, body, envelope.occurred_at],
    );
    const webhooks = await tx.query<{ id: string }>(
      'select id from webhooks where workspace_id = $1 and revoked_at is null and $2 = any(events) order by id',
      [workspaceId, envelope.event],
    );
    for (const webhook of webhooks) {
      await tx.query(
        `insert into deliveries (id, workspace_id, event_id, webhook_id, status, next_attempt_at, created_at, updated_at)
         values ($1, $2, $3, $4, 'pending', $5, $5, $5)`,
        [newId('delivery'), workspaceId, envelope.id, webhook.id, now],
      );
      deliveries++;
    }
  }
  if (deliveries > 0) await tx.query(`select pg_notify('${DELIVERY_CHANNEL}', '')`);
}
