import type { Sql } from '../db/database.js';
import type { QueueConnection } from './queue-connection.js';

/** A delivery claimed by a worker, with everything an attempt needs. */
export interface ClaimedDelivery {
  /** The delivery's id, `del_...`. */
  id: string;
  /** Attempts made so far; this attempt is number `attempts + 1`. */
  attempts: number;
  /** The event's id, `evt_...` (`Service-Event-ID`). */
  event_id: string;
  /** The event kind, e.g. `prospect.created` (`Service-Event`). */
  type: string;
  /** The event's JSON envelope, exactly as it is signed and sent. */
  body: string;
  /** The webhook's address. */
  url: string;
  /** The webhook's signing secret, `whk_...`. */
  secret: string;
  /** A rolled secret, if any (see `activeSigningSecret`). */
  next_secret: string | null;
  /** When the rolled secret takes effect. */
  next_secret_at: Date | null;
  /** The webhook was revoked after the delivery was written: it is failed, not sent. */
  revoked: boolean;
  /** The webhook it goes to (`wh_...`): the attempt's metrics label and health statistics. */
  webhook_id: string;
  /** When its event was written (in the transaction of the change): commit-to-receipt starts here. */
  occurred_at: Date;
  /** The W3C `traceparent` of the request that wrote the event, or `null`: the attempt's span links to it. */
  traceparent: string | null;
  /** The claim's lease; also its fencing token, since a later claim always sets a later one. */
  lease_until: Date;
}

/**
 * Claims up to `limit` due deliveries in one statement: `FOR UPDATE SKIP LOCKED` so that concurrent workers take
 * different rows, and a lease written and committed before any HTTP call, so no transaction spans a send. A
 * worker that dies mid-send leaves its lease to expire; the delivery is then claimed again (at least once).
 *
 * @param options.now the clock's time; deliveries due at or before it whose lease has run out are taken
 * @param options.leaseUntil the new lease's end (now + lease)
 * @see packages/server/README.md (Webhook delivery: Delivering)
 */
export async function claimDueDeliveries(
  queue: QueueConnection,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedDelivery[]> {
  return queue.run((tx) =>
    tx.query<ClaimedDelivery & Record<string, unknown>>(
      `with due as (
       select id from deliveries
       where status = 'pending' and next_attempt_at <= $1 and (lease_until is null or lease_until <= $1)
       order by next_attempt_at, id
       limit $3
       for update skip locked
     )
     update deliveries d set lease_until = $2, updated_at = $1
     from due, events e, webhooks w
     where d.id = due.id and e.id = d.event_id and w.id = d.webhook_id
     returning d.id, d.attempts, d.event_id, e.type, e.body, w.url, w.secret, w.next_secret, w.next_secret_at, w.revoked_at is not null as revoked,
       d.lease_until, d.webhook_id, e.occurred_at, e.traceparent`,
      [options.now, options.leaseUntil, options.limit],
    ),
  );
}

/** One attempt and what it means for its delivery. */
export interface AttemptRecord {
  deliveryId: string;
  /** The delivery's webhook: the attempt counts in its health statistics (migration 16). */
  webhookId: string;
  /** The lease the attempt ran under; the delivery is updated only while it still holds. */
  leaseUntil: Date;
  number: number;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
}

/**
 * Logs attempts and moves their deliveries on, in one statement for a whole batch. A delivery changes only while
 * the attempt's lease still holds: a worker whose lease ran out (another one claimed the delivery since) still
 * logs what it did but leaves the delivery to the new holder, and a delivery failed meanwhile (its webhook
 * revoked, which clears the lease) stays failed.
 */
export async function recordAttempts(
  queue: QueueConnection,
  records: readonly AttemptRecord[],
  now: Date,
): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((r) => ({
    delivery_id: r.deliveryId,
    webhook_id: r.webhookId,
    lease_until: r.leaseUntil.toISOString(),
    number: r.number,
    attempted_at: r.attemptedAt.toISOString(),
    status_code: r.statusCode,
    duration_ms: r.durationMs,
    error: r.error,
    // PostgreSQL text cannot hold NUL.
    response_excerpt: r.responseExcerpt?.replaceAll('\u0000', '\uFFFD') ?? null,
    status: r.status,
    succeeded: r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300,
    bucket: latencyBucket(r.durationMs),
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
  }));
  // Each webhook's statistics rows are upserted in key order, so two workers' batches never wait on each other
  // in a cycle; failing_since changes only when a webhook's run of failures starts or ends.
  await queue.run((tx) =>
    tx.query(
      `with r as (
       select * from json_to_recordset($1::text::json) as r(delivery_id text, webhook_id text, lease_until timestamptz,
         number int, attempted_at timestamptz, status_code int, duration_ms int, error text, response_excerpt text,
         status text, succeeded boolean, bucket smallint, next_attempt_at timestamptz)
     ), logged as (
       insert into delivery_attempts (delivery_id, number, attempted_at, status_code, duration_ms, error, response_excerpt, next_attempt_at)
       select delivery_id, number, attempted_at, status_code, duration_ms, error, response_excerpt, next_attempt_at from r
       on conflict do nothing
     ), stats as (
       insert into webhook_attempt_stats (webhook_id, hour, bucket, attempts, succeeded)
       select webhook_id, date_trunc('hour', attempted_at), bucket, count(*), count(*) filter (where succeeded)
       from r group by 1, 2, 3 order by 1, 2, 3
       on conflict (webhook_id, hour, bucket) do update
         set attempts = webhook_attempt_stats.attempts + excluded.attempts,
             succeeded = webhook_attempt_stats.succeeded + excluded.succeeded
     ), latest as (
       select distinct on (webhook_id) webhook_id, succeeded, attempted_at from r
       order by webhook_id, attempted_at desc
     ), health as (
       update webhooks w set failing_since = case when l.succeeded then null else l.attempted_at end
       from latest l
       where w.id = l.webhook_id and (case when l.succeeded then w.failing_since is not null else w.failing_since is null end)
     )
     update deliveries d set attempts = r.number, status = r.status,
       -- A webhook disabled while the attempt was in flight holds its retry (store/webhook-health.ts).
       next_attempt_at = case when w.disabled_at is null then r.next_attempt_at end,
       lease_until = null, last_status_code = r.status_code, last_error = r.error, updated_at = $2
     from r join webhooks w on w.id = r.webhook_id
     where d.id = any($3) and d.id = r.delivery_id and d.lease_until = r.lease_until`,
      // The id list lets the planner find the rows by primary key; it cannot see inside the JSON.
      [JSON.stringify(rows), now, records.map((r) => r.deliveryId)],
    ),
  );
}

/**
 * The upper bounds of the latency buckets of `webhook_attempt_stats`, in ms: bucket `i` holds attempts that
 * took at most `LATENCY_BUCKETS_MS[i]` (and more than the bound before it); the last holds every longer one.
 */
export const LATENCY_BUCKETS_MS = [
  10, 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000, 7500, 10_000, 15_000,
] as const;

/** The bucket of an attempt's duration: the index of the first bound at or above it. */
export function latencyBucket(durationMs: number): number {
  const index = LATENCY_BUCKETS_MS.findIndex((bound) => durationMs <= bound);
  return index === -1 ? LATENCY_BUCKETS_MS.length : index;
}

/**
 * Hands claimed deliveries back without an attempt (a worker stopping with deliveries claimed ahead): each is due
 * again at once, for any worker, unless its lease changed since (another worker holds it now).
 */
export async function releaseClaims(
  queue: QueueConnection,
  claims: readonly Pick<ClaimedDelivery, 'id' | 'lease_until'>[],
): Promise<void> {
  if (claims.length === 0) return;
  await queue.run((tx) =>
    tx.query(
      `update deliveries d set lease_until = null
       from json_to_recordset($1::text::json) as r(id text, lease_until timestamptz)
       where d.id = any($2) and d.id = r.id and d.lease_until = r.lease_until and d.status = 'pending'`,
      [
        JSON.stringify(claims.map((c) => ({ id: c.id, lease_until: c.lease_until.toISOString() }))),
        claims.map((c) => c.id),
      ],
    ),
  );
}

/** Fails claimed deliveries whose webhook was revoked, without an attempt. */
export async function failRevokedDeliveries(db: Sql, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `update deliveries set status = 'failed', last_error = 'webhook revoked', next_attempt_at = null,
       lease_until = null, updated_at = $2
     where id = any($1) and status = 'pending'`,
    [ids, now],
  );
}

/**
 * Deletes attempts older than `before`, a few thousand rows per statement so no statement holds locks for long.
 *
 * @returns how many were deleted
 * @example
 * await pruneAttempts(db, new Date(Date.now() - 30 * 86_400_000)); // keep 30 days
 */
export async function pruneAttempts(db: Sql, before: Date): Promise<number> {
  const batch = 5000;
  let total = 0;
  for (;;) {
    const [row] = await db.query<{ deleted: number }>(
      `with gone as (
         delete from delivery_attempts where ctid = any(array(
           select ctid from delivery_attempts where attempted_at < $1 limit ${batch}
         )) returning 1
       ) select count(*)::int as deleted from gone`,
      [before],
    );
    const deleted = row?.deleted ?? 0;
    total += deleted;
    if (deleted < batch) {
      // The health statistics are kept as long as the attempts they count.
      await db.query('delete from webhook_attempt_stats where hour < $1', [before]);
      return total;
    }
  }
}
