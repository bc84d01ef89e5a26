import type { Logger } from 'pino';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import {
  type AttemptRecord,
  type ClaimedDelivery,
  claimDueDeliveries,
  failRevokedDeliveries,
  pruneAttempts,
  recordAttempts,
  releaseClaims,
} from '../store/delivery-queue.js';
import { DELIVERY_CHANNEL } from '../store/outbox.js';
import { openQueueConnection, type QueueConnection } from '../store/queue-connection.js';
import { type AttemptContext, attemptDelivery } from './attempt-delivery.js';
import { type HostResolver, systemResolver } from './host-resolver.js';
import { createPinnedDispatcher } from './pinned-dispatcher.js';
import { attemptOutcome } from './retry-schedule.js';
import type { WebhookRequest } from './send-attempt.js';
import { WEBHOOK_USER_AGENT } from './user-agent.js';
import { createWriteBehind } from './write-behind.js';

/** Options of {@link createDeliveryWorker}; every one but `db` and `logger` has a default. */
export interface DeliveryWorkerOptions {
  /** The open, migrated database holding the outbox; several workers may share it. */
  db: Database;
  /** A pino logger; one line per attempt, never a secret. */
  logger: Logger;
  /** The time used to find due deliveries, sign attempts and schedule retries. Default: the system clock. */
  clock?: Clock;
  /**
   * Sends each attempt instead of the default, a bare dispatch on the pinned pool; given undici's `request`
   * signature (undici's own `request` works, or a test's stub). Default: none.
   */
  request?: WebhookRequest;
  /** How receiver names are resolved for the SSRF guard. Default: the operating system's resolver. */
  resolver?: HostResolver;
  /** `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1`: allow loopback receivers (and http on them). Default `false`. */
  allowInsecureWebhooks?: boolean;
  /** Extra CAs to trust (tests, private receivers); TLS verification itself is never off. Default: none. */
  tls?: {
    /** PEM certificate authorities trusted besides the system's roots. */
    ca?: string | Buffer | ReadonlyArray<string | Buffer>;
  };
  /** How often to look for due deliveries when no NOTIFY arrives, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** How long a claim is held before another worker may take the delivery, in ms; more than `timeoutMs` + 5 s. Default 60,000. */
  leaseMs?: number;
  /** Attempts in flight at once. Default 32. */
  concurrency?: number;
  /** Total time for one attempt (resolution, connection, TLS, response), in ms. Default 10,000. @see service spec section 6, rule 1 */
  timeoutMs?: number;
  /** The `User-Agent` sent. Default `ProspectKit-Webhooks/<package version>`. */
  userAgent?: string;
  /** Attempts older than this are deleted, in ms. Default 30 days. */
  attemptRetentionMs?: number;
  /** How often old attempts are pruned while running, in ms. Default 1 hour. */
  pruneIntervalMs?: number;
}

/** The defaults of {@link DeliveryWorkerOptions}. */
export const DELIVERY_WORKER_DEFAULTS = {
  /** 1 second between looks for due deliveries when no NOTIFY arrives. */
  pollIntervalMs: 1000,
  /** A claim is held 60 seconds before another worker may take the delivery. */
  leaseMs: 60_000,
  /** 32 attempts in flight at once. */
  concurrency: 32,
  /** 10 seconds for a whole attempt. */
  timeoutMs: 10_000,
  /** `ProspectKit-Webhooks/<package version>`. */
  userAgent: WEBHOOK_USER_AGENT,
  /** Attempts are kept 30 days. */
  attemptRetentionMs: 30 * 86_400_000,
  /** Old attempts are pruned every hour. */
  pruneIntervalMs: 3_600_000,
} as const;

/** A delivery worker; see {@link createDeliveryWorker}. */
export interface DeliveryWorker {
  /** Starts listening for NOTIFY, polling and pruning. */
  start(): Promise<void>;
  /** Stops taking work, waits for attempts in flight to be recorded, closes connections. */
  stop(): Promise<void>;
  /** Claims one batch of due deliveries (up to `concurrency`), attempts them and records the attempts; returns how many were claimed. For tests, without `start()`. */
  runOnce(): Promise<number>;
  /** Deletes attempts older than the retention; returns how many. */
  prune(): Promise<number>;
}

/**
 * A delivery worker. It claims due deliveries with `FOR UPDATE SKIP LOCKED` and commits the claim with a lease,
 * then sends outside any transaction (up to `concurrency` at once, over kept-alive connections pinned to
 * SSRF-checked addresses), and records attempts in batches. It wakes on LISTEN/NOTIFY and polls as a fallback.
 * Any number of workers, in any number of processes, may share one database: the claim keeps them apart and the
 * lease brings back the deliveries of a worker that died.
 *
 * @returns the worker, not started
 * @throws {RangeError} when `leaseMs` does not exceed `timeoutMs` by 5 s, or `concurrency` is below 1
 * @example
 * const worker = createDeliveryWorker({ db, logger });
 * await worker.start();
 * @see issue 4 (Delivering); service spec section 6
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, logger } = options;
  const defaults = DELIVERY_WORKER_DEFAULTS;
  const settings = {
    pollIntervalMs: options.pollIntervalMs ?? defaults.pollIntervalMs,
    leaseMs: options.leaseMs ?? defaults.leaseMs,
    concurrency: options.concurrency ?? defaults.concurrency,
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    userAgent: options.userAgent ?? defaults.userAgent,
    attemptRetentionMs: options.attemptRetentionMs ?? defaults.attemptRetentionMs,
    pruneIntervalMs: options.pruneIntervalMs ?? defaults.pruneIntervalMs,
  };
  const clock = options.clock ?? systemClock;
  if (!(settings.leaseMs >= settings.timeoutMs + 5000)) {
    throw new RangeError(
      `leaseMs (${settings.leaseMs}) must be at least timeoutMs (${settings.timeoutMs}) + 5000, so an attempt ends before another worker may take its delivery.`,
    );
  }
  if (!(Number.isInteger(settings.concurrency) && settings.concurrency >= 1))
    throw new RangeError('concurrency must be a whole number of at least 1.');
  const pool = createPinnedDispatcher(options.tls?.ca !== undefined ? { ca: options.tls.ca } : {});
  const context: AttemptContext = {
    request: options.request,
    pool,
    resolver: options.resolver ?? systemResolver,
    allowInsecure: options.allowInsecureWebhooks === true,
    timeoutMs: settings.timeoutMs,
    userAgent: settings.userAgent,
  };
  // Opened on first use, so that creating a worker stays synchronous.
  let queueOpening: Promise<QueueConnection> | undefined;
  const queue = () => {
    queueOpening ??= openQueueConnection(db);
    return queueOpening;
  };
  const writer = createWriteBehind<AttemptRecord>(async (records) =>
    recordAttempts(await queue(), records, clock.now()),
  );
  /** Attempts sending now; each holds one of the `concurrency` slots. */
  const inFlight = new Set<Promise<void>>();
  /** Attempts sent whose record is being written; the lease covers them until it is. */
  const recording = new Set<Promise<void>>();
  /**
   * Deliveries claimed ahead, waiting for a free slot: the next claim's round trip overlaps the sends in flight,
   * so a slot that frees up starts its next attempt at once instead of waiting for a claim. At most
   * `concurrency` wait, each for at most one attempt's time, well inside the lease.
   */
  const ready: ClaimedDelivery[] = [];
  const minimumClaim = Math.max(1, Math.floor(settings.concurrency / 4));
  // One waiter for "an attempt finished sending or recording", instead of Promise.race over every task, which
  // would pile a reaction onto each pending task per wait.
  let changed: (() => void) | undefined;
  const notifyChange = () => {
    const resolve = changed;
    changed = undefined;
    resolve?.();
  };
  const nextChange = () =>
    new Promise<void>((resolve) => {
      changed = resolve;
    });
  let running = false;
  let pumping: Promise<void> | undefined;
  let again = false;
  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | undefined;
  let pruning: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Sends one attempt; resolves when the send is over, with the write of its record under way. */
  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const number = delivery.attempts + 1;
    const at = clock.now();
    const result = await attemptDelivery(delivery, at, context);
    const outcome = attemptOutcome(result, number, at);
    const line = {
      delivery_id: delivery.id,
      event_id: delivery.event_id,
      attempt: number,
      status_code: result.statusCode,
      error: result.error,
      outcome: outcome.status,
    };
    const written: Promise<void> = writer
      .write({
        deliveryId: delivery.id,
        leaseUntil: delivery.lease_until,
        number,
        attemptedAt: at,
        statusCode: result.statusCode ?? null,
        durationMs: result.durationMs,
        error: result.error,
        responseExcerpt: result.responseExcerpt,
        status: outcome.status,
        nextAttemptAt: outcome.nextAttemptAt,
      })
      .then(
        () => {
          if (outcome.status === 'succeeded') logger.debug(line, 'webhook delivered');
          else if (outcome.status === 'pending') logger.info(line, 'webhook attempt failed; retry scheduled');
          else logger.warn(line, 'webhook delivery failed');
        },
        (error: unknown) => {
          // Not recorded: the lease runs out and the delivery is attempted again (at least once).
          logger.error({ err: error, ...line }, 'recording a delivery attempt failed');
        },
      )
      .finally(() => {
        recording.delete(written);
        notifyChange();
      });
    recording.add(written);
  }

  /** Starts the attempt of one claimed delivery in a slot. */
  function launch(delivery: ClaimedDelivery): void {
    const task: Promise<void> = attempt(delivery)
      .catch((error: unknown) =>
        logger.error({ err: error, delivery_id: delivery.id }, 'delivery attempt failed'),
      )
      .finally(() => {
        inFlight.delete(task);
        // The freed slot takes the next delivery claimed ahead, without waiting for the claim loop.
        if (running) startReady();
        notifyChange();
      });
    inFlight.add(task);
  }

  /**
   * Fills free slots from the deliveries claimed ahead. One whose lease could run out before its attempt ends
   * (it waited behind slow receivers) is left alone: the lease lapses and a worker claims it again.
   */
  function startReady(): void {
    while (inFlight.size < settings.concurrency && ready.length > 0) {
      const delivery = ready.shift() as ClaimedDelivery;
      if (delivery.lease_until.getTime() - clock.now().getTime() < settings.timeoutMs + 1000) continue;
      launch(delivery);
    }
  }

  /** Claims up to `limit`, fails those of revoked webhooks, and queues the rest; returns the claimed count. */
  async function claim(limit: number): Promise<number> {
    const now = clock.now();
    const claimed = await claimDueDeliveries(await queue(), {
      now,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      limit,
    });
    const revoked = claimed.filter((d) => d.revoked).map((d) => d.id);
    await failRevokedDeliveries(db, revoked, now);
    for (const delivery of claimed) if (!delivery.revoked) ready.push(delivery);
    return claimed.length;
  }

  async function pumpLoop(): Promise<void> {
    do {
      again = false;
      while (running) {
        startReady();
        // Keep up to one round of claims ahead of the slots. Under a backlog, claim in batches of at least a
        // quarter of the concurrency rather than one slot at a time, and let the attempt log catch up before
        // claiming more.
        const room = 2 * settings.concurrency - inFlight.size - ready.length;
        if (room < minimumClaim || recording.size > 4 * settings.concurrency) {
          await nextChange();
          continue;
        }
        const claimed = await claim(room);
        startReady();
        // A short claim means the due queue is empty for now; NOTIFY or the poll brings the next round.
        if (claimed < room) break;
      }
    } while (again && running);
  }

  function wake(): void {
    if (!running) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpLoop()
      .catch((error: unknown) =>
        logger.error({ err: error }, 'claiming deliveries failed; retrying on the next poll'),
      )
      .finally(() => {
        pumping = undefined;
      });
  }

  async function prune(): Promise<number> {
    const deleted = await pruneAttempts(db, new Date(clock.now().getTime() - settings.attemptRetentionMs));
    if (deleted > 0) logger.info({ deleted }, 'pruned old delivery attempts');
    return deleted;
  }

  return {
    prune,
    async runOnce() {
      const claimed = await claim(settings.concurrency);
      for (const delivery of ready.splice(0)) launch(delivery);
      await Promise.all(inFlight);
      await Promise.all(recording);
      return claimed;
    },
    async start() {
      if (running) return;
      running = true;
      unlisten = await db.listen(DELIVERY_CHANNEL, () => wake());
      timers.push(setInterval(wake, settings.pollIntervalMs));
      const pruneQuietly = () => {
        pruning = prune().catch((error: unknown) => logger.error({ err: error }, 'pruning attempts failed'));
      };
      timers.push(setInterval(pruneQuietly, settings.pruneIntervalMs));
      for (const timer of timers) timer.unref();
      pruneQuietly();
      wake();
    },
    async stop() {
      running = false;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      await pumping;
      // Claimed ahead but not started: handed back at once rather than left to their leases.
      const unstarted = ready.splice(0);
      await Promise.all(inFlight);
      await Promise.all(recording);
      await writer.flushed();
      await releaseClaims(await queue(), unstarted).catch((error: unknown) =>
        logger.error({ err: error }, 'releasing unstarted claims failed; their leases will lapse'),
      );
      await pruning;
      if (!closed) {
        closed = true;
        await pool.close();
        await (await queueOpening)?.close();
      }
    },
  };
}
