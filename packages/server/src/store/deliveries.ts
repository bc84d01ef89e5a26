import { newId } from '@prospectkit/core';
import type { Database, Sql } from '../db/database.js';
import type { DeliveryStatus } from '../delivery/retry-schedule.js';
import { insertDeliveries } from './outbox.js';

/** A delivery as the CLI shows it. */
export interface DeliveryRecord {
  /** `del_` and a ULID. */
  id: string;
  /** The workspace of the event. */
  workspace_id: string;
  /** The event's id, `evt_...`: the envelope `id` and `Service-Event-ID`. */
  event_id: string;
  /** The event kind, e.g. `prospect.created`. */
  event_type: string;
  /** The webhook it is sent to. */
  webhook_id: string;
  /** The webhook's address. */
  url: string;
  /** `pending` until an attempt succeeds (`succeeded`) or the last one fails (`failed`). */
  status: DeliveryStatus;
  /** Attempts made so far, 0-5. */
  attempts: number;
  /** When the next attempt is due, or `null` when none will be made. */
  next_attempt_at: Date | null;
  /** The last attempt's HTTP status, or `null` when it got no answer (or none was made). */
  last_status_code: number | null;
  /** The last attempt's error (timeout, refused address, ...), or `null`. */
  last_error: string | null;
  /** When the delivery was enqueued, in the event's transaction. */
  created_at: Date;
  /** When it last changed. */
  updated_at: Date;
}

/** One logged attempt. */
export interface AttemptLogEntry {
  /** 1 for the first attempt, up to 5. */
  number: number;
  /** When the attempt started. */
  attempted_at: Date;
  /** The receiver's HTTP status, or `null` when it did not answer. */
  status_code: number | null;
  /** How long the attempt took, in milliseconds. */
  duration_ms: number;
  /** Why it failed without a status (timeout, connection, refused address), or `null`. */
  error: string | null;
  /** The first 1 KB of the response body. */
  response_excerpt: string | null;
  /** When the next attempt is due; `null` after the last one. */
  next_attempt_at: Date | null;
}

const SELECT_DELIVERY = `select d.id, d.workspace_id, d.event_id, e.type as event_type, d.webhook_id, w.url, d.status,
  d.attempts, d.next_attempt_at, d.last_status_code, d.last_error, d.created_at, d.updated_at
  from deliveries d join events e on e.id = d.event_id join webhooks w on w.id = d.webhook_id`;

/**
 * Deliveries, newest first, optionally of one webhook and/or in one status.
 *
 * @param options.limit at most this many. Default 50.
 * @param options.webhookId only this webhook's deliveries. Default: every webhook's.
 * @param options.status only `pending`, `succeeded` or `failed` ones. Default: all.
 * @returns the deliveries, without their attempt logs (see `getDelivery`)
 * @example
 * const failed = await listDeliveries(db, { status: 'failed', limit: 20 });
 */
export async function listDeliveries(
  db: Sql,
  options: { webhookId?: string; status?: DeliveryStatus; limit?: number } = {},
): Promise<DeliveryRecord[]> {
  return db.query<DeliveryRecord & Record<string, unknown>>(
    `${SELECT_DELIVERY}
     where ($1::text is null or d.webhook_id = $1) and ($2::text is null or d.status = $2)
     order by d.created_at desc, d.id desc limit $3`,
    [options.webhookId ?? null, options.status ?? null, options.limit ?? 50],
  );
}

/**
 * One delivery with its attempt log (oldest attempt first), or `undefined`.
 *
 * @returns the delivery and its `attempt_log`, or `undefined` when there is none with that id
 * @example
 * const delivery = await getDelivery(db, 'del_01J...');
 * for (const attempt of delivery?.attempt_log ?? []) console.log(attempt.number, attempt.status_code);
 */
export async function getDelivery(
  db: Sql,
  id: string,
): Promise<
  | (DeliveryRecord & {
      /** Every attempt, first to last. */
      attempt_log: AttemptLogEntry[];
    })
  | undefined
> {
  const [delivery] = await db.query<DeliveryRecord & Record<string, unknown>>(
    `${SELECT_DELIVERY} where d.id = $1`,
    [id],
  );
  if (!delivery) return undefined;
  const attemptLog = await db.query<AttemptLogEntry & Record<string, unknown>>(
    `select number, attempted_at, status_code, duration_ms, error, response_excerpt, next_attempt_at
     from delivery_attempts where delivery_id = $1 order by number`,
    [id],
  );
  return { ...delivery, attempt_log: attemptLog };
}

/**
 * Sends a delivery's event again to the same webhook, as a new pending delivery with the same event id and body
 * (receivers skip it by `id` if they already have it).
 *
 * @returns the new delivery, or `undefined` when there is no delivery `id`
 * @throws {RangeError} when the webhook has been revoked
 * @example
 * const again = await redeliver(db, 'del_01J...', new Date());
 */
export async function redeliver(db: Database, id: string, now: Date): Promise<DeliveryRecord | undefined> {
  const newDeliveryId = newId('delivery');
  const found = await db.transaction(async (tx) => {
    const [original] = await tx.query<{
      workspace_id: string;
      event_id: string;
      webhook_id: string;
      revoked: boolean;
    }>(
      `select d.workspace_id, d.event_id, d.webhook_id, w.revoked_at is not null as revoked
       from deliveries d join webhooks w on w.id = d.webhook_id where d.id = $1`,
      [id],
    );
    if (!original) return false;
    if (original.revoked)
      throw new RangeError(`Webhook ${original.webhook_id} is revoked; its events are no longer sent.`);
    await insertDeliveries(
      tx,
      original.workspace_id,
      [{ id: newDeliveryId, event_id: original.event_id, webhook_id: original.webhook_id }],
      now,
    );
    return true;
  });
  if (!found) return undefined;
  const [delivery] = await db.query<DeliveryRecord & Record<string, unknown>>(
    `${SELECT_DELIVERY} where d.id = $1`,
    [newDeliveryId],
  );
  return delivery;
}
