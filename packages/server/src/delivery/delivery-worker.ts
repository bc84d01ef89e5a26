import type { Logger } from 'pino';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import { DELIVERY_CHANNEL } from '../store/outbox.js';
import { activeSigningSecret } from '../store/webhooks.js';
import { isRetryable, MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule.js';
import { type AttemptResult, sendAttempt } from './send-attempt.js';
import { checkWebhookAddress } from './webhook-address.js';

/** Options of {@link createDeliveryWorker}. */
export interface DeliveryWorkerOptions {
  db: Database;
  logger: Logger;
  clock?: Clock;
  /** The fetch used to send. Default: `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Allow http and loopback receivers (development only). Default `false`. */
  allowInsecureWebhooks?: boolean;
  /** How often to look for due deliveries when no NOTIFY arrives, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** How long a claimed delivery stays leased to this worker, in ms. Default 60000 (the 10 s timeout plus margin). */
  leaseMs?: number;
  /** Deliveries claimed per round. Default 20. */
  batchSize?: number;
  /** Total time allowed for one attempt, in ms. Default 10000. @see service spec section 6, rule 1 */
  timeoutMs?: number;
  /** The `User-Agent` sent, e.g. `ProspectKit-Webhooks/0.1.0`. */
  userAgent?: string;
}

export interface DeliveryWorker {
  /** Starts listening and polling. */
  start(): Promise<void>;
  /** Stops taking new work and waits for the round in flight. */
  stop(): Promise<void>;
  /** Claims and sends one batch of due deliveries; returns how many were attempted. */
  runOnce(): Promise<number>;
}

interface Claimed {
  id: string;
  attempts: number;
  event_id: string;
  type: string;
  body: string;
  url: string;
  secret: string;
  next_secret: string | null;
  next_secret_at: Date | null;
}

/**
 * A delivery worker: claims due deliveries with `FOR UPDATE SKIP LOCKED`, commits the claim with a lease, then
 * sends each outside any transaction, records the attempt and schedules the retry. Any number of workers may
 * share one database.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, logger } = options;
  const clock = options.clock ?? systemClock;
  const send = options.fetch ?? globalThis.fetch;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const userAgent = options.userAgent ?? 'ProspectKit-Webhooks/0.1.0';
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let round: Promise<unknown> = Promise.resolve();
  let again = false;

  async function claim(): Promise<Claimed[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `select id from deliveries where status = 'pending' and next_attempt_at <= $1 and (lease_until is null or lease_until < $1)
         order by next_attempt_at, id limit $2 for update skip locked`,
        [now, batchSize],
      );
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      await tx.query('update deliveries set lease_until = $2, updated_at = $3 where id = any($1)', [
        ids,
        new Date(now.getTime() + leaseMs),
        now,
      ]);
      return tx.query<Claimed & Record<string, unknown>>(
        `select d.id, d.attempts, d.event_id, e.type, e.body, w.url, w.secret, w.next_secret, w.next_secret_at from deliveries d
         join events e on e.id = d.event_id join webhooks w on w.id = d.webhook_id where d.id = any($1) order by d.next_attempt_at, d.id`,
        [ids],
      );
    });
  }

  async function deliver(delivery: Claimed): Promise<void> {
    const number = delivery.attempts + 1;
    const at = clock.now();
    let result: AttemptResult;
    try {
      checkWebhookAddress(delivery.url, { allowInsecure: options.allowInsecureWebhooks === true });
      result = await sendAttempt({
        url: delivery.url,
        secret: activeSigningSecret(delivery, at),
        eventId: delivery.event_id,
        eventType: delivery.type,
        body: delivery.body,
        timestampSeconds: Math.floor(at.getTime() / 1000),
        timeoutMs,
        userAgent,
        fetch: send,
      });
    } catch (error) {
      result = {
        statusCode: undefined,
        durationMs: 0,
        error: `refused: ${(error as Error).message}`,
        responseExcerpt: null,
      };
    }
    const ok = result.statusCode !== undefined && result.statusCode >= 200 && result.statusCode < 300;
    const refused = result.error?.startsWith('refused:') === true;
    const next =
      ok || refused || !isRetryable(result.statusCode) || number >= MAX_ATTEMPTS
        ? null
        : nextAttemptAt(number, at);
    const status = ok ? 'succeeded' : next === null ? 'failed' : 'pending';
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into delivery_attempts (delivery_id, number, attempted_at, status_code, duration_ms, error, response_excerpt, next_attempt_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
        [
          delivery.id,
          number,
          at,
          result.statusCode ?? null,
          result.durationMs,
          result.error,
          result.responseExcerpt,
          next,
        ],
      );
      await tx.query(
        `update deliveries set attempts = $2, status = $3, next_attempt_at = $4, lease_until = null, last_status_code = $5,
         last_error = $6, updated_at = $7 where id = $1`,
        [delivery.id, number, status, next, result.statusCode ?? null, result.error, clock.now()],
      );
    });
    logger.info(
      {
        delivery_id: delivery.id,
        event_id: delivery.event_id,
        attempt: number,
        status_code: result.statusCode,
        outcome: status,
      },
      'webhook delivery attempt',
    );
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    await Promise.all(claimed.map((d) => deliver(d)));
    return claimed.length;
  }

  function wake(): void {
    if (!running) return;
    again = true;
    round = round.then(async () => {
      while (running && again) {
        again = false;
        try {
          if ((await runOnce()) > 0) again = true;
        } catch (error) {
          logger.error({ err: error }, 'delivery round failed');
        }
      }
    });
  }

  return {
    runOnce,
    async start() {
      running = true;
      unlisten = await db.listen(DELIVERY_CHANNEL, () => wake());
      timer = setInterval(wake, pollIntervalMs);
      timer.unref();
      wake();
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      await unlisten?.().catch(() => {});
      await round;
    },
  };
}
