import { Readable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_METRICS } from '../metrics/server-metrics.js';
import type { AttemptRecord, ClaimedDelivery } from '../store/delivery-queue.js';
import { type AttemptSlots, createAttemptSlots } from './attempt-slots.js';
import { createPinnedDispatcher } from './pinned-dispatcher.js';
import type { WebhookRequest } from './send-attempt.js';
import type { WriteBehind } from './write-behind.js';

const TIMEOUT_MS = 10_000;
const NOW = Date.UTC(2026, 10, 25, 4, 0, 0);

function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function delivery(id: string, leaseMs = 60_000): ClaimedDelivery {
  return {
    id,
    attempts: 0,
    event_id: `evt_${id}`,
    type: 'prospect.created',
    body: '{}',
    url: `https://hooks.example.com/${id}`,
    secret: 'whk_test',
    next_secret: null,
    next_secret_at: null,
    revoked: false,
    lease_until: new Date(NOW + leaseMs),
    webhook_id: 'wh_test',
    occurred_at: new Date(NOW),
    traceparent: null,
  };
}

/** Slots whose receiver answers 204 when a test says so, and whose attempt log is written when a test says so. */
function harness(concurrency: number, canStart = () => true) {
  const pool = createPinnedDispatcher();
  const answers = new Map<string, () => void>();
  const request = (async (url: string) => {
    const answered = deferred();
    answers.set(new URL(url).pathname.slice(1), answered.resolve);
    await answered.promise;
    return { statusCode: 204, body: Readable.from([]) };
  }) as unknown as WebhookRequest;
  const writes: Array<{ record: AttemptRecord; done: () => void }> = [];
  const writer: WriteBehind<AttemptRecord> = {
    write(record) {
      const written = deferred();
      writes.push({ record, done: written.resolve });
      return written.promise;
    },
    flushed: async () => {},
  };
  const slots = createAttemptSlots({
    metrics: NO_METRICS,
    concurrency,
    timeoutMs: TIMEOUT_MS,
    clock: { now: () => new Date(NOW) },
    logger: pino({ level: 'silent' }),
    context: {
      request,
      pool,
      resolver: async () => ['93.184.216.34'],
      allowInsecure: false,
      timeoutMs: TIMEOUT_MS,
      userAgent: 'test',
    },
    writer,
    canStart,
  });
  const counts = (s: AttemptSlots) => ({ ready: s.ready, sending: s.sending, recording: s.recording });
  const until = async (condition: () => boolean) => {
    while (!condition()) await slots.changed();
  };
  return { slots, pool, answers, writes, counts: () => counts(slots), until };
}

describe('createAttemptSlots', () => {
  const pools: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('sends at most `concurrency` at once; a freed slot takes the next ready delivery; recording lasts until the write', async () => {
    const { slots, pool, answers, writes, counts, until } = harness(2);
    pools.push(pool);
    slots.add([delivery('a'), delivery('b'), delivery('c')]);
    slots.fill();
    expect(counts()).toEqual({ ready: 1, sending: 2, recording: 0 });
    while (!answers.has('a')) await new Promise((r) => setTimeout(r, 1));
    answers.get('a')?.();
    await until(() => writes.length === 1);
    // The slot of `a` went to `c` at once, without anyone calling fill.
    expect(counts()).toEqual({ ready: 0, sending: 2, recording: 1 });
    expect(writes[0]?.record).toMatchObject({
      deliveryId: 'a',
      number: 1,
      statusCode: 204,
      status: 'succeeded',
    });
    let settled = false;
    const settling = slots.settled().then(() => {
      settled = true;
    });
    while (!(answers.has('b') && answers.has('c'))) await new Promise((r) => setTimeout(r, 1));
    answers.get('b')?.();
    answers.get('c')?.();
    await until(() => writes.length === 3);
    expect(counts()).toEqual({ ready: 0, sending: 0, recording: 3 });
    for (const write of writes) write.done();
    await settling;
    expect(settled).toBe(true);
    expect(counts()).toEqual({ ready: 0, sending: 0, recording: 0 });
  });

  it('leaves a delivery whose lease could run out during its attempt, unsent', async () => {
    const { slots, pool, counts } = harness(4);
    pools.push(pool);
    slots.add([delivery('short', TIMEOUT_MS + 999), delivery('long', TIMEOUT_MS + 1000)]);
    slots.fill();
    expect(counts()).toEqual({ ready: 0, sending: 1, recording: 0 });
  });

  it('starts nothing while it may not (the worker stopping), and gives the ready deliveries back', () => {
    const { slots, pool, counts } = harness(4, () => false);
    pools.push(pool);
    slots.add([delivery('a'), delivery('b')]);
    slots.fill();
    expect(counts()).toEqual({ ready: 2, sending: 0, recording: 0 });
    expect(slots.takeReady().map((d) => d.id)).toEqual(['a', 'b']);
    expect(counts()).toEqual({ ready: 0, sending: 0, recording: 0 });
  });
});
