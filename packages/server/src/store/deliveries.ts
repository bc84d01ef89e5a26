import { newId } from '@prospectkit/core';
import type { Database, Sql } from '../db/database.js';
import { insertDeliveries } from './outbox.js';

/** A delivery's state: waiting for an attempt, or settled. */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';
/** Every {@link DeliveryStatus}, in the order a delivery moves through them. */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed'];

/** A delivery of one event to one webhook, as the CLI and the settings pages show it. */
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

/** A delivery with its attempt log, oldest attempt first. */
export interface DeliveryWithAttempts extends DeliveryRecord {
  /** Every attempt, first to last. */
  attempt_log: AttemptLogEntry[];
}

/** Limits a look-up to one workspace's (and webhook's) deliveries, as a settings page's address does. */
export interface DeliveryScope {
  /** Only a delivery of this workspace. Default: any workspace. */
  workspaceId?: string | undefined;
  /** Only a delivery to this webhook. Default: any webhook. */
  webhookId?: string | undefined;
}

const SELECT_DELIVERY = `select d.id, d.workspace_id, d.event_id, e.type as event_type, d.webhook_id, w.url, d.status,
  d.attempts, d.next_attempt_at, d.last_status_code, d.last_error, d.created_at, d.updated_at
  from deliveries d join events e on e.id = d.event_id join webhooks w on w.id = d.webhook_id`;

/**
 * Deliveries of every workspace, newest first, optionally of one webhook and/or in one status (the CLI's list).
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
 * A page of one webhook's deliveries, newest first (`created_at`, then id, descending), as its settings page
 * lists them.
 *
 * @param input.before the id of the last delivery of the previous page, for the next (older) page. Default: the
 *   newest page.
 * @param input.limit deliveries per page. Default 25.
 * @returns the page and whether older deliveries follow
 */
export async function listWebhookDeliveries(
  db: Sql,
  input: { workspaceId: string; webhookId: string; before?: string | undefined; limit?: number },
): Promise<{ deliveries: DeliveryRecord[]; more: boolean }> {
  const limit = input.limit ?? 25;
  const rows = await db.query<DeliveryRecord & Record<string, unknown>>(
    `${SELECT_DELIVERY}
     where d.workspace_id = $1 and d.webhook_id = $2
       and ($3::text is null or (d.created_at, d.id) < (select created_at, id from deliveries where id = $3))
     order by d.created_at desc, d.id desc limit $4`,
    [input.workspaceId, input.webhookId, input.before ?? null, limit + 1],
  );
  return { deliveries: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * The deliveries of some events of a workspace, oldest first: how each event stands with each webhook.
 *
 * @param eventIds the events' ids (`evt_...`)
 * @returns their deliveries (resends included), without attempt logs
 * @example
 * const deliveries = await listEventDeliveries(db, workspaceId, events.map((e) => e.id));
 */
export async function listEventDeliveries(
  db: Sql,
  workspaceId: string,
  eventIds: readonly string[],
): Promise<DeliveryRecord[]> {
  if (eventIds.length === 0) return [];
  return db.query<DeliveryRecord & Record<string, unknown>>(
    `${SELECT_DELIVERY}
     where d.workspace_id = $1 and d.event_id = any($2::text[])
     order by d.created_at, d.id`,
    [workspaceId, [...eventIds]],
  );
}

/**
 * One delivery with its attempt log (oldest attempt first).
 *
 * @param scope when given, the delivery must belong to that workspace and/or webhook. Default: any.
 * @returns the delivery and its `attempt_log`, or `undefined` when there is none with that id (in the scope)
 * @example
 * const delivery = await getDelivery(db, 'del_01J...');
 * for (const attempt of delivery?.attempt_log ?? []) console.log(attempt.number, attempt.status_code);
 */
export async function getDelivery(
  db: Sql,
  id: string,
  scope: DeliveryScope = {},
): Promise<DeliveryWithAttempts | undefined> {
  const [delivery] = await db.query<DeliveryRecord & Record<string, unknown>>(
    `${SELECT_DELIVERY}
     where d.id = $1 and ($2::text is null or d.workspace_id = $2) and ($3::text is null or d.webhook_id = $3)`,
    [id, scope.workspaceId ?? null, scope.webhookId ?? null],
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
 * Resends a delivery: the one rule behind the settings page's Resend and `prospectkit-server deliveries
 * redeliver`. The new delivery carries the same event (same event id, same body, signed afresh) to the same
 * webhook, whatever the original's status; it is pending, due at `now`, with no attempts, and the workers are
 * woken when it commits. Receivers that already handled the event skip it by its id.
 *
 * @param input.deliveryId the delivery to resend
 * @param input.now when the new delivery is due (and its id's time)
 * @param input.workspaceId when given, the delivery must belong to this workspace (the settings pages pass the
 *   one in their address). Default: any.
 * @param input.webhookId when given, the delivery must belong to this webhook. Default: any.
 * @returns the new delivery, or `undefined` when there is no delivery with that id (in the scope)
 * @throws {RangeError} when the delivery's webhook has been revoked: its events are no longer sent
 * @example
 * const resent = await resendDelivery(db, { deliveryId: 'del_01J...', now: new Date() });
 * @see openapi.yaml `info.description` (Webhooks: receivers skip duplicates by the envelope `id`)
 */
export async function resendDelivery(
  db: Database,
  input: DeliveryScope & { deliveryId: string; now: Date },
): Promise<DeliveryRecord | undefined> {
  const id = newId('delivery', input.now.getTime());
  const found = await db.transaction(async (tx) => {
    const [original] = await tx.query<{
      workspace_id: string;
      event_id: string;
      webhook_id: string;
      revoked: boolean;
      held: boolean;
    }>(
      `select d.workspace_id, d.event_id, d.webhook_id, w.revoked_at is not null as revoked,
         w.disabled_at is not null as held
       from deliveries d join webhooks w on w.id = d.webhook_id
       where d.id = $1 and ($2::text is null or d.workspace_id = $2) and ($3::text is null or d.webhook_id = $3)`,
      [input.deliveryId, input.workspaceId ?? null, input.webhookId ?? null],
    );
    if (!original) return false;
    if (original.revoked)
      throw new RangeError(`Webhook ${original.webhook_id} is revoked; its events are no longer sent.`);
    await insertDeliveries(
      tx,
      original.workspace_id,
      [{ id, event_id: original.event_id, webhook_id: original.webhook_id, held: original.held }],
      input.now,
    );
    return true;
  });
  if (!found) return undefined;
  const [delivery] = await db.query<DeliveryRecord & Record<string, unknown>>(
    `${SELECT_DELIVERY} where d.id = $1`,
    [id],
  );
  return delivery;
}
