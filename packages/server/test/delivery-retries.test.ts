import { testDatabaseKinds, type WebhookReceiver } from '@prospectkit/server/testing';
import { request as undiciRequest } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { DELIVERY_WORKER_DEFAULTS } from '../src/delivery/delivery-worker-options.js';
import { registerWebhook } from '../src/delivery/register-webhook.js';
import { RETRY_DELAYS_MS } from '../src/delivery/retry-schedule.js';
import { getDelivery } from '../src/store/deliveries.js';
import { createProspect } from '../src/store/prospects.js';
import {
  attemptsOf,
  deliveriesOf,
  manualClock,
  settleLeftovers,
  testWorker,
  verifyReceived,
  workspaceWithWebhooks,
} from './delivery-helpers.js';
import { clockAt, closeDeliverySetup, closedPort, MINUTE, openDeliverySetup } from './delivery-setup.js';

// How attempts end and are retried: the schedule, which failures are retried, the attempt log, the default timeout.
describe.each(testDatabaseKinds())('webhook delivery on %s: retries', (kind) => {
  let db: Database;
  let receiver: WebhookReceiver;
  const requestsTo = (prefix: string) => receiver.requests.filter((r) => r.path.startsWith(prefix));

  beforeAll(async () => {
    ({ db, receiver } = await openDeliverySetup(kind));
  });
  afterEach(() => settleLeftovers(db));
  afterAll(() => closeDeliverySetup(db, receiver));

  it('retries on the schedule exactly (1 min, 5 min, 30 min, 2 h), signs each attempt afresh, and stops after the fifth', async () => {
    const clock = manualClock();
    const t0 = clock.now().getTime();
    const {
      workspaceId,
      webhooks: [hook],
    } = await workspaceWithWebhooks(db, receiver, ['/schedule/status/503']);
    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Retry Co' }, clock.now()));
    const worker = testWorker(db, receiver, { clock });
    const offsets = [
      0,
      ...RETRY_DELAYS_MS.map((_, i) => RETRY_DELAYS_MS.slice(0, i + 1).reduce((a, b) => a + b)),
    ];
    expect(offsets).toEqual([0, MINUTE, 6 * MINUTE, 36 * MINUTE, 156 * MINUTE]);
    for (const offset of offsets) {
      if (offset > 0) {
        clock.set(t0 + offset - 1);
        expect(await worker.runOnce()).toBe(0);
      }
      clock.set(t0 + offset);
      expect(await worker.runOnce()).toBe(1);
    }
    clock.set(t0 + 30 * 86_400_000);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();

    const received = requestsTo('/schedule');
    expect(received).toHaveLength(5);
    expect(received.map((r) => Number(r.headers['service-timestamp']))).toEqual(
      offsets.map((o) => (t0 + o) / 1000),
    );
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(new Set(received.map((r) => r.headers['service-event-id'])).size).toBe(1);
    for (const [i, request] of received.entries()) {
      // The receiver's 300-second window, at the attempt's own time: a two-hour-late retry still verifies.
      await verifyReceived(request, hook!.secret, clockAt(t0 + (offsets[i] as number)));
    }
    // The first attempt's signature would no longer pass at the time of the fifth.
    await expect(verifyReceived(received[0]!, hook!.secret, clockAt(t0 + 156 * MINUTE))).rejects.toThrow();

    const [delivery] = await deliveriesOf(db, hook!.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 5,
      next_attempt_at: null,
      last_status_code: 503,
    });
    const log = await attemptsOf(db, delivery!.id);
    expect(
      log.map((a) => [
        a.number,
        a.attempted_at.getTime(),
        a.status_code,
        a.next_attempt_at?.getTime() ?? null,
      ]),
    ).toEqual(offsets.map((o, i) => [i + 1, t0 + o, 503, i < 4 ? t0 + (offsets[i + 1] as number) : null]));
  });

  it('retries a timeout, a network error, 408, 429 and every 5xx after 1 minute', async () => {
    const clock = manualClock();
    const port = await closedPort();
    const paths = ['408', '429', '500', '502', '503', '504', '599'].map((s) => `/retry/status/${s}`);
    const { workspaceId, webhooks } = await workspaceWithWebhooks(db, receiver, [
      ...paths,
      '/retry/hang',
      '/retry/drop',
    ]);
    const refused = await registerWebhook(
      db,
      { workspaceId, url: `https://127.0.0.1:${port}/retry/refused`, events: ['prospect.created'] },
      { allowInsecure: true },
    );
    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Flaky Co' }, clock.now()));
    // 5 s: a dropped connection must be seen as one before the attempt's timeout, even on a loaded machine.
    const worker = testWorker(db, receiver, { clock, timeoutMs: 5_000 });
    expect(await worker.runOnce()).toBe(webhooks.length + 1);
    await worker.stop();
    const next = clock.now().getTime() + MINUTE;
    for (const hook of webhooks) {
      const [delivery] = await deliveriesOf(db, hook.id);
      expect({ path: hook.path, ...delivery }).toMatchObject({
        path: hook.path,
        status: 'pending',
        attempts: 1,
      });
      expect(delivery?.next_attempt_at?.getTime()).toBe(next);
    }
    const byPath = async (path: string) =>
      (await deliveriesOf(db, webhooks.find((h) => h.path === path)?.id ?? refused.record.id))[0];
    expect((await byPath('/retry/hang'))?.last_error).toBe('timeout after 5000 ms');
    expect((await byPath('/retry/drop'))?.last_error).toMatch(/^network error: /);
    const refusedDelivery = await byPath('/retry/refused');
    expect(refusedDelivery).toMatchObject({ status: 'pending', last_error: 'network error: ECONNREFUSED' });
    expect(refusedDelivery?.next_attempt_at?.getTime()).toBe(next);
  });

  it('fails any other status at once, 3xx included and never followed, and succeeds on any 2xx', async () => {
    const clock = manualClock();
    const failing = [
      '300',
      '301',
      '302',
      '303',
      '304',
      '307',
      '308',
      '400',
      '401',
      '403',
      '404',
      '405',
      '409',
    ];
    const failing2 = ['410', '413', '415', '422', '451'];
    const succeeding = ['200', '201', '202', '204', '299'];
    const { workspaceId, webhooks } = await workspaceWithWebhooks(db, receiver, [
      ...[...failing, ...failing2].map((s) => `/final/status/${s}`),
      '/final/redirect',
      ...succeeding.map((s) => `/final/status/${s}`),
    ]);
    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Final Co' }, clock.now()));
    const worker = testWorker(db, receiver, { clock, concurrency: 64 });
    expect(await worker.runOnce()).toBe(webhooks.length);
    clock.advance(30 * 86_400_000);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    for (const hook of webhooks) {
      const code = Number(/(\d{3})$/.exec(hook.path)?.[1] ?? 302);
      const [delivery] = await deliveriesOf(db, hook.id);
      expect({ path: hook.path, ...delivery }).toMatchObject({
        path: hook.path,
        status: code < 300 ? 'succeeded' : 'failed',
        attempts: 1,
        next_attempt_at: null,
        last_status_code: code,
      });
    }
    expect(requestsTo('/final/redirect')).toHaveLength(1);
    expect(requestsTo('/redirected')).toHaveLength(0);
  });

  // The default sender dispatches on the pinned pool directly; `request` swaps in undici's request (or a stub).
  it.each([
    ['direct dispatch', undefined],
    ["undici's request", undiciRequest],
  ] as const)(
    'logs every attempt (%s): number, time, status, duration, error, first 1 KB of the body, next attempt',
    async (_sender, request) => {
      const clock = manualClock();
      const { workspaceId, webhooks } = await workspaceWithWebhooks(db, receiver, [
        '/log/big',
        '/log/status/500',
        '/log/hang',
      ]);
      await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Log Co' }, clock.now()));
      // 2 s, not less: on a loaded two-core machine a 1 KB answer from loopback took over 300 ms (a false timeout).
      const worker = testWorker(db, receiver, { clock, timeoutMs: 2_000, ...(request ? { request } : {}) });
      await worker.runOnce();
      await worker.stop();
      const logOf = async (path: string) => {
        const [delivery] = await deliveriesOf(db, webhooks.find((h) => h.path === path)!.id);
        return getDelivery(db, delivery!.id);
      };
      const big = await logOf('/log/big');
      expect(big).toMatchObject({ status: 'succeeded', attempts: 1, event_type: 'prospect.created' });
      const [bigAttempt] = big!.attempt_log;
      expect(bigAttempt).toMatchObject({ number: 1, status_code: 200, error: null, next_attempt_at: null });
      expect(bigAttempt?.attempted_at).toEqual(clock.now());
      expect(Buffer.byteLength(bigAttempt?.response_excerpt ?? '')).toBe(1024);
      expect(bigAttempt?.response_excerpt?.startsWith('é'.repeat(400))).toBe(true);
      expect(bigAttempt?.duration_ms).toBeGreaterThanOrEqual(0);

      const [serverError] = (await logOf('/log/status/500'))!.attempt_log;
      expect(serverError).toMatchObject({ status_code: 500, error: null, response_excerpt: 'upstream down' });
      expect(serverError?.next_attempt_at).toEqual(new Date(clock.now().getTime() + MINUTE));

      const [timedOut] = (await logOf('/log/hang'))!.attempt_log;
      expect(timedOut).toMatchObject({
        status_code: null,
        error: 'timeout after 2000 ms',
        response_excerpt: null,
      });
      expect(timedOut?.duration_ms).toBeGreaterThanOrEqual(1_990);
    },
  );

  it.runIf(kind === 'pglite')(
    'gives up an attempt after 10 seconds by default',
    async () => {
      expect(DELIVERY_WORKER_DEFAULTS.timeoutMs).toBe(10_000);
      const clock = manualClock();
      const {
        workspaceId,
        webhooks: [hook],
      } = await workspaceWithWebhooks(db, receiver, ['/default/hang']);
      await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Slow Co' }, clock.now()));
      const worker = testWorker(db, receiver, { clock });
      await worker.runOnce();
      await worker.stop();
      const [delivery] = await deliveriesOf(db, hook!.id);
      const [attempt] = await attemptsOf(db, delivery!.id);
      expect(attempt).toMatchObject({ error: 'timeout after 10000 ms', status_code: null });
      expect(attempt?.duration_ms).toBeGreaterThanOrEqual(9_900);
      expect(attempt?.duration_ms).toBeLessThan(15_000);
      expect(delivery?.status).toBe('pending');
    },
    60_000,
  );
});
