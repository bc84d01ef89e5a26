import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { AttemptRecord, ClaimedDelivery } from '../store/delivery-queue.js';
import { type AttemptContext, attemptDelivery } from './attempt-delivery.js';
import { attemptOutcome } from './retry-schedule.js';
import type { WriteBehind } from './write-behind.js';

/**
 * The `concurrency` slots of a worker and the deliveries it holds claims on. A claimed delivery is in one state:
 *
 * - `ready`: claimed ahead, waiting for a free slot. The next claim's round trip overlaps the sends in flight, so
 *   a slot that frees up starts its next attempt at once instead of waiting for a claim;
 * - `sending`: its attempt holds a slot;
 * - `recording`: sent, its attempt being written (batched, write-behind); its lease covers it until it is.
 *
 * It leaves when recorded, when handed back unstarted ({@link AttemptSlots.takeReady}), or when its lease has run
 * too short to start (it waited behind slow receivers): that one is left alone, the lease lapses and a worker
 * claims it again.
 */
export interface AttemptSlots {
  /** Deliveries `ready`: claimed, not started. */
  readonly ready: number;
  /** Deliveries `sending`: one per busy slot. */
  readonly sending: number;
  /** Deliveries `recording`. */
  readonly recording: number;
  /** Adds claimed deliveries to `ready`. */
  add(deliveries: readonly ClaimedDelivery[]): void;
  /** Starts `ready` deliveries in the free slots, while `canStart()`; those whose lease ran short are dropped. */
  fill(): void;
  /** Starts every `ready` delivery now, free slot or not (`runOnce`, which claims at most `concurrency`). */
  startAll(): void;
  /** Removes the `ready` deliveries, unstarted, so that their claims can be handed back. */
  takeReady(): ClaimedDelivery[];
  /** Resolves at the next change: an attempt finished sending, or its record was written. */
  changed(): Promise<void>;
  /** Resolves once nothing is `sending` or `recording`. */
  settled(): Promise<void>;
}

/** What {@link createAttemptSlots} needs. */
export interface AttemptSlotsOptions {
  /** Attempts `sending` at once. */
  concurrency: number;
  /** One attempt's whole budget, in ms; a delivery starts only with this plus 1 s left on its lease. */
  timeoutMs: number;
  clock: Clock;
  logger: Logger;
  context: AttemptContext;
  writer: WriteBehind<AttemptRecord>;
  /** Whether `fill` may start attempts: while the worker runs, not once it is stopping. */
  canStart: () => boolean;
  /** Where each attempt's result and duration, and each delivery's commit-to-receipt time, are counted. */
  metrics: ServerMetrics;
  /**
   * Runs one attempt (tracing wraps it in a span linked to the request that wrote the event). Default: runs it.
   */
  aroundAttempt?: <T>(delivery: ClaimedDelivery, attempt: () => Promise<T>) => Promise<T>;
}

/** Creates a worker's {@link AttemptSlots}. */
export function createAttemptSlots(options: AttemptSlotsOptions): AttemptSlots {
  const { concurrency, timeoutMs, clock, logger, context, writer, canStart, metrics } = options;
  const around = options.aroundAttempt ?? (<T>(_: ClaimedDelivery, attempt: () => Promise<T>) => attempt());
  const ready: ClaimedDelivery[] = [];
  let sending = 0;
  let recording = 0;
  // One promise shared by everyone waiting for the next change, rather than Promise.race over the attempts, which
  // would pile a reaction onto each pending attempt per wait.
  let change: Promise<void> | undefined;
  let signalChange: (() => void) | undefined;
  const changed = () => {
    change ??= new Promise<void>((resolve) => {
      signalChange = resolve;
    });
    return change;
  };
  const notifyChange = () => {
    const signal = signalChange;
    change = undefined;
    signalChange = undefined;
    signal?.();
  };

  /** Sends one attempt; returns its record and the fields it is logged with. */
  async function attempt(delivery: ClaimedDelivery): Promise<{ record: AttemptRecord; line: object }> {
    const number = delivery.attempts + 1;
    const at = clock.now();
    const result = await around(delivery, () => attemptDelivery(delivery, at, context));
    const outcome = attemptOutcome(result, number, at);
    const counted = outcome.status === 'pending' ? 'retry' : outcome.status;
    metrics.deliveryAttempt(delivery.webhook_id, counted, result.durationMs / 1000);
    if (outcome.status === 'succeeded')
      metrics.deliveredAfter(
        (at.getTime() + result.durationMs - new Date(delivery.occurred_at).getTime()) / 1000,
      );
    return {
      record: {
        deliveryId: delivery.id,
        webhookId: delivery.webhook_id,
        leaseUntil: delivery.lease_until,
        number,
        attemptedAt: at,
        statusCode: result.statusCode ?? null,
        durationMs: result.durationMs,
        error: result.error,
        responseExcerpt: result.responseExcerpt,
        status: outcome.status,
        nextAttemptAt: outcome.nextAttemptAt,
      },
      line: {
        delivery_id: delivery.id,
        event_id: delivery.event_id,
        attempt: number,
        status_code: result.statusCode,
        error: result.error,
        outcome: outcome.status,
      },
    };
  }

  /** Takes one delivery through `sending` and then `recording`; never rejects. */
  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    let sent: Awaited<ReturnType<typeof attempt>> | undefined;
    try {
      sent = await attempt(delivery);
    } catch (error) {
      logger.error({ err: error, delivery_id: delivery.id }, 'delivery attempt failed');
    }
    const written = sent === undefined ? undefined : writer.write(sent.record);
    if (written !== undefined) recording++;
    sending--;
    // The freed slot takes the next delivery claimed ahead, without waiting for the claim loop.
    fill();
    notifyChange();
    if (sent === undefined) return;
    try {
      await written;
      const { record, line } = sent;
      if (record.status === 'succeeded') logger.debug(line, 'webhook delivered');
      else if (record.status === 'pending') logger.info(line, 'webhook attempt failed; retry scheduled');
      else logger.warn(line, 'webhook delivery failed');
    } catch (error) {
      // Not recorded: the lease runs out and the delivery is attempted again (at least once).
      logger.error({ err: error, ...sent.line }, 'recording a delivery attempt failed');
    }
    recording--;
    notifyChange();
  }

  function start(delivery: ClaimedDelivery): void {
    sending++;
    void deliver(delivery);
  }

  function fill(): void {
    if (!canStart()) return;
    while (sending < concurrency && ready.length > 0) {
      const delivery = ready.shift() as ClaimedDelivery;
      if (delivery.lease_until.getTime() - clock.now().getTime() < timeoutMs + 1000) continue;
      start(delivery);
    }
  }

  return {
    get ready() {
      return ready.length;
    },
    get sending() {
      return sending;
    },
    get recording() {
      return recording;
    },
    add(deliveries) {
      for (const delivery of deliveries) ready.push(delivery);
    },
    fill,
    startAll() {
      for (const delivery of ready.splice(0)) start(delivery);
    },
    takeReady: () => ready.splice(0),
    changed,
    async settled() {
      while (sending > 0 || recording > 0) await changed();
    },
  };
}
