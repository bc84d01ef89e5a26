import { type Clock, systemClock } from '../clock.js';
import { NO_METRICS } from '../metrics/server-metrics.js';
import {
  type AttemptRecord,
  claimDueDeliveries,
  failRevokedDeliveries,
  pruneAttempts,
  recordAttempts,
  releaseClaims,
} from '../store/delivery-queue.js';
import { DELIVERY_CHANNEL } from '../store/outbox.js';
import { openQueueConnection, type QueueConnection } from '../store/queue-connection.js';
import { createAttemptSlots } from './attempt-slots.js';
import { createClaimPump } from './claim-pump.js';
import { type DeliveryWorkerOptions, deliveryWorkerSettings } from './delivery-worker-options.js';
import { systemResolver } from './host-resolver.js';
import { createPinnedDispatcher } from './pinned-dispatcher.js';
import { createWriteBehind } from './write-behind.js';

/**
 * A worker's life: `idle` (created; `runOnce` works), `running` (started: NOTIFY and the poll wake the claim
 * pump), `stopping` (no new claims or attempts; those in flight finish and are recorded, and unstarted claims are
 * handed back), `stopped` (connections closed).
 */
export type WorkerState = 'idle' | 'running' | 'stopping' | 'stopped';

/** A delivery worker; see {@link createDeliveryWorker}. */
export interface DeliveryWorker {
  /** Starts listening for NOTIFY, polling and pruning. @throws {Error} once the worker is stopping or stopped */
  start(): Promise<void>;
  /** Stops taking work, waits for attempts in flight to be recorded, closes connections; again, a no-op. */
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
 * @param options see {@link DeliveryWorkerOptions}; `db` and `logger` are required
 * @returns the worker, not started
 * @throws {RangeError} when `leaseMs` does not exceed `timeoutMs` by 5 s, or `concurrency` is below 1
 * @example
 * const worker = createDeliveryWorker({ db, logger });
 * await worker.start();
 * @see openapi.yaml `info.description` (Delivery) and `webhooks`
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, logger } = options;
  const settings = deliveryWorkerSettings(options);
  const clock: Clock = options.clock ?? systemClock;
  // At most `concurrency` connections per receiver: a slot that frees up starts its next attempt before undici
  // has marked the finished connection idle, and an unbounded pool would open (and soon drop) a new TLS
  // connection for it, a handshake where a kept-alive connection was about to be free.
  const pool = createPinnedDispatcher({
    connections: settings.concurrency,
    ...(options.tls?.ca !== undefined ? { ca: options.tls.ca } : {}),
  });
  // Opened on first use, so that creating a worker stays synchronous.
  let queueOpening: Promise<QueueConnection> | undefined;
  const queue = () => {
    queueOpening ??= openQueueConnection(db);
    return queueOpening;
  };
  const writer = createWriteBehind<AttemptRecord>(async (records) =>
    recordAttempts(await queue(), records, clock.now()),
  );
  let state: WorkerState = 'idle';
  const slots = createAttemptSlots({
    metrics: options.metrics ?? NO_METRICS,
    ...(options.aroundAttempt ? { aroundAttempt: options.aroundAttempt } : {}),
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutMs,
    clock,
    logger,
    context: {
      request: options.request,
      pool,
      resolver: options.resolver ?? systemResolver,
      allowInsecure: options.allowInsecureWebhooks === true,
      timeoutMs: settings.timeoutMs,
      userAgent: settings.userAgent,
    },
    writer,
    canStart: () => state === 'running',
  });
  const pump = createClaimPump(claimRound, (error) =>
    logger.error({ err: error }, 'claiming deliveries failed; retrying on the next poll'),
  );
  /** What `start` sets up and `stop` takes down. */
  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | undefined;
  let pruning: Promise<unknown> = Promise.resolve();
  let shutdown: Promise<void> | undefined;

  /** Claims up to `limit`, fails those of revoked webhooks, and makes the rest ready; returns the claimed count. */
  async function claim(limit: number): Promise<number> {
    const now = clock.now();
    const claimed = await claimDueDeliveries(await queue(), {
      now,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      limit,
    });
    const revoked = claimed.filter((d) => d.revoked).map((d) => d.id);
    await failRevokedDeliveries(db, revoked, now);
    slots.add(revoked.length === 0 ? claimed : claimed.filter((d) => !d.revoked));
    return claimed.length;
  }

  /**
   * Keeps up to one round of claims ahead of the slots. Under a backlog it claims in batches of at least a
   * quarter of the concurrency rather than one slot at a time, and lets the attempt log catch up before claiming
   * more. A short claim means the due queue is empty for now: NOTIFY or the poll brings the next round.
   */
  async function claimRound(): Promise<void> {
    const { concurrency } = settings;
    const minimumClaim = Math.max(1, Math.floor(concurrency / 4));
    while (state === 'running') {
      slots.fill();
      const room = 2 * concurrency - slots.sending - slots.ready;
      if (room < minimumClaim || slots.recording > 4 * concurrency) {
        await slots.changed();
        continue;
      }
      const claimed = await claim(room);
      slots.fill();
      if (claimed < room) return;
    }
  }

  const wake = () => {
    if (state === 'running') pump.wake();
  };

  async function prune(): Promise<number> {
    const deleted = await pruneAttempts(db, new Date(clock.now().getTime() - settings.attemptRetentionMs));
    if (deleted > 0) logger.info({ deleted }, 'pruned old delivery attempts');
    return deleted;
  }

  async function shutDown(): Promise<void> {
    state = 'stopping';
    for (const timer of timers.splice(0)) clearInterval(timer);
    await unlisten?.().catch(() => {});
    await pump.settled();
    // Claimed ahead but not started: handed back at once rather than left to their leases.
    const unstarted = slots.takeReady();
    await slots.settled();
    await writer.flushed();
    await releaseClaims(await queue(), unstarted).catch((error: unknown) =>
      logger.error({ err: error }, 'releasing unstarted claims failed; their leases will lapse'),
    );
    await pruning;
    await pool.close();
    await (await queueOpening)?.close();
    state = 'stopped';
  }

  return {
    prune,
    async runOnce() {
      const claimed = await claim(settings.concurrency);
      slots.startAll();
      await slots.settled();
      return claimed;
    },
    async start() {
      if (state === 'running') return;
      if (state !== 'idle')
        throw new Error('This delivery worker is stopped; create a new one to start again.');
      state = 'running';
      const subscription = await db.listen(DELIVERY_CHANNEL, wake);
      // Stopped while subscribing: `stop` found nothing to take down, so this start sets nothing up.
      if (state !== 'running') return subscription().catch(() => {});
      unlisten = subscription;
      timers.push(setInterval(wake, settings.pollIntervalMs));
      const pruneQuietly = () => {
        pruning = prune().catch((error: unknown) => logger.error({ err: error }, 'pruning attempts failed'));
      };
      timers.push(setInterval(pruneQuietly, settings.pruneIntervalMs));
      for (const timer of timers) timer.unref();
      pruneQuietly();
      wake();
    },
    stop() {
      shutdown ??= shutDown();
      return shutdown;
    },
  };
}
