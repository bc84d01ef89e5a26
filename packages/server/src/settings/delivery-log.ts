import { newId } from '@prospectkit/core';
import type { Database, Sql } from '../db/database.js';
import { DELIVERY_CHANNEL } from '../store/outbox.js';

/** One delivery of one event to one webhook, as the settings pages list it. */
export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
}

/** One attempt of a delivery. */
export interface AttemptRow {
  number: number;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
  next_attempt_at: Date | null;
}

/** A delivery with its event's payload and every attempt, oldest first. */
export interface DeliveryDetail extends DeliveryRow {
  body: string;
  occurred_at: Date;
  attempts_list: AttemptRow[];
}

const COLUMNS = `d.id, d.event_id, e.type as event_type, d.status, d.attempts, d.last_status_code, d.last_error,
  d.next_attempt_at, d.created_at`;

/**
 * A page of a webhook's deliveries, newest first (`created_at`, then id, descending).
 *
 * @param input.before the id of the last delivery of the previous page, for the next (older) page
 * @param input.limit deliveries per page. Default 25.
 * @returns the page and whether older deliveries follow
 */
export async function listDeliveries(
  db: Sql,
  input: { workspaceId: string; webhookId: string; before?: string | undefined; limit?: number },
): Promise<{ deliveries: DeliveryRow[]; more: boolean }> {
  const limit = input.limit ?? 25;
  const rows = await db.query<DeliveryRow & Record<string, unknown>>(
    `select ${COLUMNS} from deliveries d join events e on e.id = d.event_id
     where d.workspace_id = $1 and d.webhook_id = $2
       and ($3::text is null or (d.created_at, d.id) < (select created_at, id from deliveries where id = $3))
     order by d.created_at desc, d.id desc limit $4`,
    [input.workspaceId, input.webhookId, input.before ?? null, limit + 1],
  );
  return { deliveries: rows.slice(0, limit), more: rows.length > limit };
}

/** One delivery of a webhook with its payload and attempts, or `undefined` when there is none with that id. */
export async function getDelivery(
  db: Sql,
  input: { workspaceId: string; webhookId: string; deliveryId: string },
): Promise<DeliveryDetail | undefined> {
  const [row] = await db.query<Omit<DeliveryDetail, 'attempts_list'> & Record<string, unknown>>(
    `select ${COLUMNS}, e.body, e.occurred_at from deliveries d join events e on e.id = d.event_id
     where d.id = $1 and d.workspace_id = $2 and d.webhook_id = $3`,
    [input.deliveryId, input.workspaceId, input.webhookId],
  );
  if (!row) return undefined;
  const attempts = await db.query<AttemptRow & Record<string, unknown>>(
    `select number, attempted_at, status_code, duration_ms, error, response_excerpt, next_attempt_at
     from delivery_attempts where delivery_id = $1 order by number`,
    [input.deliveryId],
  );
  return { ...row, attempts_list: attempts };
}

/**
 * Resends a delivery: a new pending delivery of the same event (same event id, same body) to the same
 * webhook, due now, and a NOTIFY that wakes the workers on commit. Receivers skip it by the envelope `id` if
 * they already processed the event.
 *
 * @returns the new delivery's id, or `undefined` when the delivery is unknown or its webhook is revoked
 */
export async function resendDelivery(
  db: Database,
  input: { workspaceId: string; webhookId: string; deliveryId: string; now: Date },
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [original] = await tx.query<{ event_id: string }>(
      `select d.event_id from deliveries d join webhooks w on w.id = d.webhook_id
       where d.id = $1 and d.workspace_id = $2 and d.webhook_id = $3 and w.revoked_at is null`,
      [input.deliveryId, input.workspaceId, input.webhookId],
    );
    if (!original) return undefined;
    const id = newId('delivery', input.now.getTime());
    await tx.query(
      `insert into deliveries (id, workspace_id, event_id, webhook_id, status, next_attempt_at, created_at, updated_at)
       values ($1, $2, $3, $4, 'pending', $5, $5, $5)`,
      [id, input.workspaceId, original.event_id, input.webhookId, input.now],
    );
    await tx.query(`select pg_notify('${DELIVERY_CHANNEL}', '')`);
    return id;
  });
}
