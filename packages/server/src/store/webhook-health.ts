import type { Sql } from '../db/database.js';
import { LATENCY_BUCKETS_MS } from './delivery-queue.js';
import { DELIVERY_CHANNEL } from './outbox.js';

/** One period of a webhook's attempts: an hour (the 24-hour chart) or a day (the 7-day chart). */
export interface HealthPoint {
  /** The period's start, UTC. */
  start: Date;
  /** Attempts made in it. */
  attempts: number;
  /** Of those, answered 2xx. */
  succeeded: number;
  /** `succeeded / attempts`, 0-1, or `null` with no attempt. */
  successRate: number | null;
  /** Median attempt duration in ms (interpolated in its latency bucket), or `null` with no attempt. */
  p50Ms: number | null;
  /** 95th percentile of attempt durations in ms, or `null` with no attempt. */
  p95Ms: number | null;
}

/** A webhook's delivery health over a window; see {@link webhookHealth}. */
export interface HealthWindow {
  /** One point per hour (24 hours) or per day (7 days), oldest first, periods without attempts included. */
  points: HealthPoint[];
  /** The whole window at once. */
  total: Omit<HealthPoint, 'start'>;
}

/** How a webhook stands: {@link webhookStanding}. */
export interface WebhookStanding {
  /** When its current run of failed attempts began, or `null` when its last attempt succeeded (or none was made). */
  failing_since: Date | null;
  /** Days of failures after which it is disabled by itself, or `null` for never. */
  auto_disable_days: number | null;
  /** When it was disabled, or `null` while enabled. */
  disabled_at: Date | null;
  /** Why: `auto` after days of failures, `manual` by a person. */
  disabled_reason: string | null;
  /** Deliveries held while it is disabled (sent when it is enabled again). */
  held: number;
}

const HOUR_MS = 3_600_000;

/**
 * The percentile `q` (0-1) of durations counted in latency buckets: the bucket that holds it, and a linear
 * interpolation inside it (as Prometheus' `histogram_quantile`). The last bucket has no upper bound: its lower
 * bound is returned.
 */
export function bucketPercentile(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i += 1) {
    const count = counts[i] ?? 0;
    if (count > 0 && seen + count >= rank) {
      const lower = i === 0 ? 0 : (LATENCY_BUCKETS_MS[i - 1] as number);
      const upper = LATENCY_BUCKETS_MS[i];
      if (upper === undefined) return lower;
      return Math.round(lower + (upper - lower) * ((rank - seen) / count));
    }
    seen += count;
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1] as number;
}

function point(attempts: number, succeeded: number, buckets: readonly number[]): Omit<HealthPoint, 'start'> {
  return {
    attempts,
    succeeded,
    successRate: attempts === 0 ? null : succeeded / attempts,
    p50Ms: bucketPercentile(buckets, 0.5),
    p95Ms: bucketPercentile(buckets, 0.95),
  };
}

/**
 * A webhook's success rate and p50/p95 attempt latency over the last 24 hours (by hour) and 7 days (by day),
 * from the statistics the attempts' statement keeps (`webhook_attempt_stats`, migration 16): at most 168 hours
 * of 20 buckets, however many attempts there were.
 *
 * @param input.now the end of both windows (the hour it falls in is the last point)
 * @returns `day` (24 hourly points) and `week` (7 daily points, UTC days), oldest first
 * @example
 * const { day, week } = await webhookHealth(db, { webhookId: 'wh_01J...', now: new Date() });
 */
export async function webhookHealth(
  db: Sql,
  input: { webhookId: string; now: Date },
): Promise<{ day: HealthWindow; week: HealthWindow }> {
  const lastHour = Math.floor(input.now.getTime() / HOUR_MS) * HOUR_MS;
  const lastDay = Math.floor(input.now.getTime() / (24 * HOUR_MS)) * 24 * HOUR_MS;
  const since = new Date(Math.min(lastHour - 23 * HOUR_MS, lastDay - 6 * 24 * HOUR_MS));
  const rows = await db.query<{ hour: Date; bucket: number; attempts: number; succeeded: number }>(
    `select hour, bucket, attempts, succeeded from webhook_attempt_stats
     where webhook_id = $1 and hour >= $2 order by hour, bucket`,
    [input.webhookId, since],
  );
  const window = (count: number, stepMs: number, end: number): HealthWindow => {
    const first = end - (count - 1) * stepMs;
    const slots = Array.from({ length: count }, () => ({
      attempts: 0,
      succeeded: 0,
      buckets: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0),
    }));
    const all = {
      attempts: 0,
      succeeded: 0,
      buckets: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0),
    };
    for (const row of rows) {
      const index = Math.floor((new Date(row.hour).getTime() - first) / stepMs);
      const slot = slots[index];
      if (!slot) continue;
      for (const target of [slot, all]) {
        target.attempts += Number(row.attempts);
        target.succeeded += Number(row.succeeded);
        target.buckets[Number(row.bucket)] = (target.buckets[Number(row.bucket)] ?? 0) + Number(row.attempts);
      }
    }
    return {
      points: slots.map((slot, i) => ({
        start: new Date(first + i * stepMs),
        ...point(slot.attempts, slot.succeeded, slot.buckets),
      })),
      total: point(all.attempts, all.succeeded, all.buckets),
    };
  };
  return { day: window(24, HOUR_MS, lastHour), week: window(7, 24 * HOUR_MS, lastDay) };
}

/**
 * How a workspace's webhooks stand: failing since when, disabled or not, deliveries held. For the webhooks list's
 * flags and the health page.
 *
 * @returns by webhook id
 */
export async function webhookStandings(db: Sql, workspaceId: string): Promise<Map<string, WebhookStanding>> {
  const rows = await db.query<WebhookStanding & { id: string } & Record<string, unknown>>(
    `select w.id, w.failing_since, w.auto_disable_days, w.disabled_at, w.disabled_reason,
       (select count(*)::int from deliveries d
         where d.webhook_id = w.id and d.status = 'pending' and d.next_attempt_at is null) as held
     from webhooks w where w.workspace_id = $1`,
    [workspaceId],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        failing_since: row.failing_since,
        auto_disable_days: row.auto_disable_days,
        disabled_at: row.disabled_at,
        disabled_reason: row.disabled_reason,
        held: Number(row.held),
      },
    ]),
  );
}

/**
 * Disables every webhook whose failures have lasted its `auto_disable_days`, holding its pending deliveries;
 * each is returned to exactly one caller however many processes run this at once.
 *
 * @returns the webhooks disabled by this call, with their workspace's name for the email
 */
export async function disableFailingWebhooks(
  db: Sql,
  now: Date,
): Promise<
  Array<{
    id: string;
    url: string;
    workspace_id: string;
    workspace_name: string;
    failing_since: Date;
    days: number;
  }>
> {
  return db.query(
    `with disabled as (
       update webhooks set disabled_at = $1, disabled_reason = 'auto'
       where disabled_at is null and revoked_at is null and auto_disable_days is not null
         and failing_since <= $1::timestamptz - make_interval(days => auto_disable_days)
       returning id, url, workspace_id, failing_since, auto_disable_days as days
     ), held as (
       update deliveries d set next_attempt_at = null, updated_at = $1
       from disabled where d.webhook_id = disabled.id and d.status = 'pending' and d.lease_until is null
     )
     select disabled.*, ws.name as workspace_name from disabled join workspaces ws on ws.id = disabled.workspace_id`,
    [now],
  );
}

/**
 * Disables a webhook by hand (`manual`) or enables it again: its held deliveries become due at once, in order,
 * and its run of failures is forgotten (the next attempt starts a new one).
 *
 * @returns `false` when the workspace has no such webhook, or it is revoked
 */
export async function setWebhookEnabled(
  db: Sql,
  input: { workspaceId: string; webhookId: string; enabled: boolean; now: Date },
): Promise<boolean> {
  const [row] = await db.query<{ id: string }>(
    input.enabled
      ? `with enabled as (
           update webhooks set disabled_at = null, disabled_reason = null, failing_since = null
           where id = $1 and workspace_id = $2 and revoked_at is null returning id
         ), released as (
           update deliveries d set next_attempt_at = $3, updated_at = $3
           from enabled where d.webhook_id = enabled.id and d.status = 'pending' and d.next_attempt_at is null
         )
         select id from enabled`
      : `with disabled as (
           update webhooks set disabled_at = coalesce(disabled_at, $3), disabled_reason = coalesce(disabled_reason, 'manual')
           where id = $1 and workspace_id = $2 and revoked_at is null returning id
         ), held as (
           update deliveries d set next_attempt_at = null, updated_at = $3
           from disabled where d.webhook_id = disabled.id and d.status = 'pending' and d.lease_until is null
         )
         select id from disabled`,
    [input.webhookId, input.workspaceId, input.now],
  );
  if (row && input.enabled) await db.query(`select pg_notify('${DELIVERY_CHANNEL}', '')`);
  return row !== undefined;
}

/**
 * Sets after how many days of failures a webhook disables itself (1-30), or never (`null`).
 *
 * @returns `false` when the workspace has no such webhook
 */
export async function setAutoDisableDays(
  db: Sql,
  input: { workspaceId: string; webhookId: string; days: number | null },
): Promise<boolean> {
  const [row] = await db.query<{ id: string }>(
    'update webhooks set auto_disable_days = $3 where id = $1 and workspace_id = $2 returning id',
    [input.webhookId, input.workspaceId, input.days],
  );
  return row !== undefined;
}
