import { type BuiltEvent, newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { currentTraceparent } from '../tracing/current-traceparent.js';

/** The NOTIFY channel that wakes delivery workers after a commit. */
export const DELIVERY_CHANNEL = 'prospectkit_deliveries';

/**
 * Writes events and one pending delivery per subscribed, active webhook, inside the caller's transaction
 * (transactional outbox): a change that rolls back sends nothing, a commit loses nothing. Workers are woken by
 * NOTIFY, which PostgreSQL delivers only on commit. Three statements however many events: the outcome rules
 * emit up to four at once.
 *
 * @param tx the transaction of the change that caused the events
 * @param workspaceId the workspace the events happened in
 * @param events the events, each from `buildEvent`, stored with their exact body
 * @param now when the deliveries become due (immediately)
 * @example
 * await db.transaction(async (tx) => {
 *   // ... the change itself, then its events in the same transaction:
 *   await enqueueEvents(tx, workspaceId, [buildEvent('prospect.created', workspaceId, prospect)], new Date());
 * });
 * @see openapi.yaml `webhooks`; docs/architecture.md (the walk of one request)
 */
export async function enqueueEvents(
  tx: Sql,
  workspaceId: string,
  events: readonly BuiltEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `insert into events (id, workspace_id, type, body, occurred_at, traceparent)
     select e.id, $1, e.type, e.body, e.occurred_at, $3
     from json_to_recordset($2::text::json) as e(id text, type text, body text, occurred_at timestamptz)`,
    [
      workspaceId,
      JSON.stringify(
        events.map(({ envelope, body }) => ({
          id: envelope.id,
          type: envelope.event,
          body,
          occurred_at: envelope.occurred_at,
        })),
      ),
      // The request (or job) that caused the events, so each attempt's span links back to it.
      currentTraceparent(),
    ],
  );
  const webhooks = await tx.query<{ id: string; events: string[]; held: boolean }>(
    'select id, events, disabled_at is not null as held from webhooks where workspace_id = $1 and revoked_at is null order by id',
    [workspaceId],
  );
  const deliveries = events.flatMap(({ envelope }) =>
    webhooks
      .filter((webhook) => webhook.events.includes(envelope.event))
      .map((webhook) => ({
        id: newId('delivery'),
        event_id: envelope.id,
        webhook_id: webhook.id,
        held: webhook.held,
      })),
  );
  if (deliveries.length === 0) return;
  await insertDeliveries(tx, workspaceId, deliveries, now);
}

/**
 * Inserts pending deliveries due at `now` and wakes the workers on commit. A delivery to a disabled webhook
 * (`held`) is pending with no due time: it waits, kept, until the webhook is enabled again (`enableWebhook`).
 */
export async function insertDeliveries(
  tx: Sql,
  workspaceId: string,
  deliveries: ReadonlyArray<{ id: string; event_id: string; webhook_id: string; held?: boolean }>,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into deliveries (id, workspace_id, event_id, webhook_id, status, next_attempt_at, created_at, updated_at)
     select d.id, $1, d.event_id, d.webhook_id, 'pending', case when d.held then null else $2::timestamptz end, $2, $2
     from json_to_recordset($3::text::json) as d(id text, event_id text, webhook_id text, held boolean)`,
    [workspaceId, now, JSON.stringify(deliveries)],
  );
  await tx.query(`select pg_notify('${DELIVERY_CHANNEL}', '')`);
}
