import type { Sql } from '../db/database.js';
import type { QueueConnection } from './queue-connection.js';

/** A delivery claimed by a worker, with everything an attempt needs. */
export interface ClaimedDelivery {
  id: string;
  /** Attempts made so far; this attempt is number `attempts + 1`. */
  attempts: number;
  event_id: string;
  type: string;
  body: string;
  url: string;
  secret: string;
  /** A rolled secret and when it takes effect (see `activeSigningSecret`). */
  next_secret: string | null;
  next_secret_at: Date | null;
  /** The webhook was revoked after the delivery was written: it is failed, not sent. */
  revoked: boolean;
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
       d.lease_until`,
      [options.now, options.leaseUntil, options.limit],
    ),
  );
}

/** One attempt and what it means for its delivery. */
export interface AttemptRecord {
  deliveryId: string;
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
    lease_until: r.leaseUntil.toISOString(),
    number: r.number,
    attempted_at: r.attemptedAt.toISOString(),
    status_code: r.statusCode,
    duration_ms: r.durationMs,
    error: r.error,
    // PostgreSQL text cannot hold NUL.
    response_excerpt: r.responseExcerpt?.replaceAll('\u0000', '\uFFFD') ?? null,
    status: r.status,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
  }));
  await queue.run((tx) =>
    tx.query(
      `with r as (
       select * from json_to_recordset($1::text::json) as r(delivery_id text, lease_until timestamptz, number int,
         attempted_at timestamptz, status_code int, duration_ms int, error text, response_excerpt text, status text,
         next_attempt_at timestamptz)
     ), logged as (
       insert into delivery_attempts (delivery_id, number, attempted_at, status_code, duration_ms, error, response_excerpt, next_attempt_at)
       select delivery_id, number, attempted_at, status_code, duration_ms, error, response_excerpt, next_attempt_at from r
       on conflict do nothing
     )
     update deliveries d set attempts = r.number, status = r.status, next_attempt_at = r.next_attempt_at,
       lease_until = null, last_status_code = r.status_code, last_error = r.error, updated_at = $2
     from r
     where d.id = any($3) and d.id = r.delivery_id and d.lease_until = r.lease_until`,
      // The id list lets the planner find the rows by primary key; it cannot see inside the JSON.
      [JSON.stringify(rows), now, records.map((r) => r.deliveryId)],
    ),
  );
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
    if (deleted < batch) return total;
  }
}
