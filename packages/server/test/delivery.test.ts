import { createServer } from 'node:net';
import { EVENT_TYPES } from '@prospectkit/core';
import {
  openTestDatabase,
  type ReceiverAnswer,
  startTestServer,
  startWebhookReceiver,
  testDatabaseKinds,
  type WebhookReceiver,
} from '@prospectkit/server/testing';
import { request as undiciRequest } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { DELIVERY_WORKER_DEFAULTS } from '../src/delivery/delivery-worker-options.js';
import { registerWebhook } from '../src/delivery/register-webhook.js';
import { RETRY_DELAYS_MS } from '../src/delivery/retry-schedule.js';
import { WEBHOOK_USER_AGENT } from '../src/delivery/user-agent.js';
import { recordReplyReceived } from '../src/store/app-events.js';
import { assignConversation } from '../src/store/conversations.js';
import { getDelivery, resendDelivery } from '../src/store/deliveries.js';
import { createProspect } from '../src/store/prospects.js';
import { createTeammate } from '../src/store/teammates.js';
import { revokeWebhook } from '../src/store/webhooks.js';
import {
  attemptsOf,
  deliveriesOf,
  manualClock,
  settleLeftovers,
  testWorker,
  verifyReceived,
  workspaceWithWebhooks,
} from './delivery-helpers.js';
import { call } from './http-helpers.js';

const MINUTE = 60_000;

/** Answers by path: `/status/NNN`, `/hang`, `/drop`, `/redirect`, `/big`, `/slow`; otherwise 204. */
function answerByPath(receiver: WebhookReceiver) {
  return (request: { path: string }): ReceiverAnswer => {
    const status = /\/status\/(\d{3})$/.exec(request.path)?.[1];
    if (status) return { status: Number(status), body: Number(status) >= 500 ? 'upstream down' : '' };
    if (request.path.endsWith('/hang')) return { hang: true };
    if (request.path.endsWith('/drop')) return { destroy: true };
    if (request.path.endsWith('/redirect'))
      return { status: 302, headers: { location: `${receiver.origin}/redirected` } };
    if (request.path.endsWith('/big')) return { status: 200, body: `${'é'.repeat(400)}${'x'.repeat(5000)}` };
    if (request.path.endsWith('/slow')) return { status: 204, delayMs: 400 };
    return { status: 204 };
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(testDatabaseKinds())('webhook delivery on %s', (kind) => {
  let db: Database;
  let receiver: WebhookReceiver;
  const requestsTo = (prefix: string) => receiver.requests.filter((r) => r.path.startsWith(prefix));

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    receiver = await startWebhookReceiver();
    receiver.answer(answerByPath(receiver));
  });
  afterEach(() => settleLeftovers(db));
  afterAll(async () => {
    await receiver.close();
    await db.close();
  });

  it('sends every event kind with the contract headers, its exact data, and a signature that verifies', async () => {
    const clock = manualClock();
    const server = await startTestServer({ db, clock });
    try {
      const token = await server.token();
      const { record, secret } = await registerWebhook(
        db,
        { workspaceId: server.workspaceId, url: `${receiver.origin}/kinds`, events: EVENT_TYPES },
        { allowInsecure: true },
      );
      expect(record.events).toEqual(EVENT_TYPES);
      const created = await call(server.baseUrl, 'POST', '/prospects', {
        token,
        body: { company: 'Acme', contact_email: 'ada@acme.example' },
      });
      expect(created.status).toBe(201);
      const prospectId = created.body.id as string;
      const booked = {
        outcome: 'Meeting booked',
        meeting_at: '2026-12-01T15:00:00.000Z',
        value_minor: 250000,
        currency: 'EUR',
      };
      expect(
        (await call(server.baseUrl, 'POST', `/prospects/${prospectId}/outcomes`, { token, body: booked }))
          .status,
      ).toBe(201);
      expect(
        (
          await call(server.baseUrl, 'POST', `/prospects/${prospectId}/outcomes`, {
            token,
            body: { outcome: 'Won' },
          })
        ).status,
      ).toBe(201);
      await db.transaction((tx) => recordReplyReceived(tx, prospectId, clock.now()));
      const teammate = await createTeammate(db, {
        workspaceId: server.workspaceId,
        name: 'Grace',
        email: 'grace@example.com',
      });
      const assign = (teammateId: string | null) =>
        assignConversation(db, { workspaceId: server.workspaceId, prospectId, teammateId, now: clock.now() });
      await assign(teammate.id);
      await assign(null);

      const worker = testWorker(db, receiver, { clock });
      while ((await worker.runOnce()) > 0);
      await worker.stop();

      const won = { ...booked, outcome: 'Won' };
      const expected = [
        ['prospect.created', { prospect_id: prospectId, company: 'Acme', contact_email: 'ada@acme.example' }],
        ['prospect.outcome.updated', { prospect_id: prospectId, ...booked }],
        ['opportunity.updated', { prospect_id: prospectId, ...booked }],
        ['meeting.booked', { prospect_id: prospectId, ...booked }],
        ['prospect.outcome.updated', { prospect_id: prospectId, ...won }],
        ['opportunity.updated', { prospect_id: prospectId, ...won }],
        ['opportunity.won', { prospect_id: prospectId, ...won }],
        [
          'inbox.reply.received',
          { prospect_id: prospectId, company: 'Acme', contact_email: 'ada@acme.example' },
        ],
        ['conversation.assigned', { prospect_id: prospectId, assignee_id: teammate.id }],
        ['conversation.assigned', { prospect_id: prospectId, assignee_id: null }],
      ] as const;
      const received = requestsTo('/kinds');
      expect(received).toHaveLength(expected.length);
      const bodies = received.map((r) => JSON.parse(r.body)).sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(bodies.map((b) => [b.event, b.data])).toEqual(expected.map(([event, data]) => [event, data]));
      expect(new Set(bodies.map((b) => b.event))).toEqual(new Set(EVENT_TYPES));
      for (const request of received) {
        const body = JSON.parse(request.body);
        expect(Object.keys(body)).toEqual(['id', 'event', 'workspace_id', 'occurred_at', 'data']);
        expect(body).toMatchObject({
          workspace_id: server.workspaceId,
          occurred_at: clock.now().toISOString(),
        });
        expect(body.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
        expect(request.method).toBe('POST');
        expect(request.path).toBe('/kinds');
        expect(request.headers).toMatchObject({
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'service-event-id': body.id,
          'service-event': body.event,
          'service-timestamp': String(clock.seconds()),
        });
        expect(request.headers['service-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
        expect(await verifyReceived(request, secret, clock.seconds())).toEqual(body);
      }
      expect(WEBHOOK_USER_AGENT).toBe(
        `ProspectKit-Webhooks/${(await import('../package.json', { with: { type: 'json' } })).default.version}`,
      );
    } finally {
      await server.close();
    }
  });

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
      await verifyReceived(request, hook!.secret, (t0 + (offsets[i] as number)) / 1000);
    }
    // The first attempt's signature would no longer pass at the time of the fifth.
    await expect(verifyReceived(received[0]!, hook!.secret, (t0 + 156 * MINUTE) / 1000)).rejects.toThrow();

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
    const worker = testWorker(db, receiver, { clock, timeoutMs: 2000 });
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
    expect((await byPath('/retry/hang'))?.last_error).toBe('timeout after 2000 ms');
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
      const worker = testWorker(db, receiver, { clock, timeoutMs: 300, ...(request ? { request } : {}) });
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
        error: 'timeout after 300 ms',
        response_excerpt: null,
      });
      expect(timedOut?.duration_ms).toBeGreaterThanOrEqual(290);
    },
  );

  it('sends nothing for a change that rolls back, and delivers the same change once committed', async () => {
    const clock = manualClock();
    const { workspaceId } = await workspaceWithWebhooks(db, receiver, ['/rollback']);
    const worker = testWorker(db, receiver, { clock });
    await expect(
      db.transaction(async (tx) => {
        await createProspect(tx, workspaceId, { company: 'Rolled Back Co' }, clock.now());
        throw new Error('the change failed after the event was written');
      }),
    ).rejects.toThrow('the change failed');
    const count = async (table: string) =>
      (
        await db.query<{ n: number }>(`select count(*)::int as n from ${table} where workspace_id = $1`, [
          workspaceId,
        ])
      )[0]?.n;
    expect(await count('events')).toBe(0);
    expect(await count('deliveries')).toBe(0);
    expect(await worker.runOnce()).toBe(0);
    expect(requestsTo('/rollback')).toHaveLength(0);

    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Committed Co' }, clock.now()));
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(requestsTo('/rollback').map((r) => JSON.parse(r.body).data.company)).toEqual(['Committed Co']);
  });

  it('stops the pending deliveries of a revoked webhook, including one in flight and one queued before the revoke', async () => {
    const clock = manualClock();
    const {
      workspaceId,
      webhooks: [retrying, slow],
    } = await workspaceWithWebhooks(db, receiver, ['/revoke/status/503', '/revoke/slow']);
    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Revoke Co' }, clock.now()));
    const worker = testWorker(db, receiver, { clock });
    const round = worker.runOnce();
    while (requestsTo('/revoke/slow').length === 0) await new Promise((r) => setTimeout(r, 10));
    // The slow attempt is in flight: revoke both webhooks now.
    expect(await revokeWebhook(db, slow!.id)).toBe(true);
    await round;
    expect(await revokeWebhook(db, retrying!.id)).toBe(true);
    expect(await revokeWebhook(db, 'wh_nope')).toBe(false);
    clock.advance(3 * 3_600_000);
    expect(await worker.runOnce()).toBe(0);
    for (const hook of [retrying, slow]) {
      const [delivery] = await deliveriesOf(db, hook!.id);
      expect(delivery).toMatchObject({
        status: 'failed',
        last_error: 'webhook revoked',
        next_attempt_at: null,
      });
    }
    // The in-flight attempt is still logged: it happened.
    const [slowDelivery] = await deliveriesOf(db, slow!.id);
    expect((await attemptsOf(db, slowDelivery!.id)).map((a) => a.status_code)).toEqual([204]);
    expect(requestsTo('/revoke/status/503')).toHaveLength(1);

    // A delivery written just before a revoke committed (the outbox read the webhook as active) is failed at
    // claim time, never sent.
    const late = await workspaceWithWebhooks(db, receiver, ['/revoke/late']);
    await db.transaction((tx) => createProspect(tx, late.workspaceId, { company: 'Late Co' }, clock.now()));
    await db.query('update webhooks set revoked_at = now() where id = $1', [late.webhooks[0]!.id]);
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(requestsTo('/revoke/late')).toHaveLength(0);
    expect((await deliveriesOf(db, late.webhooks[0]!.id))[0]).toMatchObject({
      status: 'failed',
      last_error: 'webhook revoked',
    });
  });

  it('resends the same event id and body as a new delivery (any workspace, as the CLI does)', async () => {
    const clock = manualClock();
    const {
      workspaceId,
      webhooks: [hook],
    } = await workspaceWithWebhooks(db, receiver, ['/again']);
    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Again Co' }, clock.now()));
    const worker = testWorker(db, receiver, { clock });
    await worker.runOnce();
    const [first] = await deliveriesOf(db, hook!.id);
    clock.advance(10 * MINUTE);
    const second = await resendDelivery(db, { deliveryId: first!.id, now: clock.now() });
    expect(second).toMatchObject({ status: 'pending', attempts: 0, event_id: expect.any(String) });
    expect(second?.id).not.toBe(first?.id);
    expect(await worker.runOnce()).toBe(1);
    const [a, b] = requestsTo('/again');
    expect(b?.body).toBe(a?.body);
    expect(b?.headers['service-event-id']).toBe(a?.headers['service-event-id']);
    expect(Number(b?.headers['service-timestamp']) - Number(a?.headers['service-timestamp'])).toBe(600);
    await verifyReceived(b!, hook!.secret, clock.seconds());
    expect((await deliveriesOf(db, hook!.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect(await resendDelivery(db, { deliveryId: 'del_nope', now: clock.now() })).toBeUndefined();
    await revokeWebhook(db, hook!.id);
    await expect(resendDelivery(db, { deliveryId: first!.id, now: clock.now() })).rejects.toThrow(/revoked/);
    await worker.stop();
  });

  it('prunes attempts older than the retention and keeps newer ones', async () => {
    const clock = manualClock();
    const {
      workspaceId,
      webhooks: [hook],
    } = await workspaceWithWebhooks(db, receiver, ['/prune']);
    const worker = testWorker(db, receiver, { clock, attemptRetentionMs: 30 * 86_400_000 });
    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Old Co' }, clock.now()));
    await worker.runOnce();
    clock.advance(20 * 86_400_000);
    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'New Co' }, clock.now()));
    await worker.runOnce();
    const [older, newer] = await deliveriesOf(db, hook!.id);
    clock.advance(10 * 86_400_000 + 1);
    expect(await worker.prune()).toBeGreaterThanOrEqual(1);
    await worker.stop();
    expect(await attemptsOf(db, older!.id)).toHaveLength(0);
    expect(await attemptsOf(db, newer!.id)).toHaveLength(1);
    expect((await deliveriesOf(db, hook!.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('wakes on NOTIFY right after the commit, and falls back to polling when no notification comes', async () => {
    const { workspaceId, webhooks } = await workspaceWithWebhooks(db, receiver, ['/notify']);
    const listening = testWorker(db, receiver, { pollIntervalMs: 3_600_000 });
    await listening.start();
    const committed = Date.now();
    await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Notify Co' }, new Date()));
    while (requestsTo('/notify').length === 0) {
      expect(Date.now() - committed).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 5));
    }
    await listening.stop();

    const polling = testWorker(db, receiver, { pollIntervalMs: 100 });
    await polling.start();
    // A delivery written without NOTIFY: only the poll finds it.
    const [event] = await db.query<{ id: string }>('select id from events where workspace_id = $1', [
      workspaceId,
    ]);
    await db.query(
      `insert into deliveries (id, workspace_id, event_id, webhook_id, status, next_attempt_at, created_at, updated_at)
       values ('del_01JZZZZZZZZZZZZZZZZZZZZZZZ', $1, $2, $3, 'pending', now(), now(), now())`,
      [workspaceId, event!.id, webhooks[0]!.id],
    );
    await receiver.waitForRequests(receiver.requests.length + 1, 5000);
    await polling.stop();
    expect(requestsTo('/notify')).toHaveLength(2);
  });

  it('claims ahead of its free slots, and a worker that stops hands back what it claimed but did not send', async () => {
    const { workspaceId, webhooks } = await workspaceWithWebhooks(db, receiver, ['/slow']);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++)
        await createProspect(tx, workspaceId, { company: `Ahead ${i}` }, new Date());
    });
    const worker = testWorker(db, receiver, { concurrency: 2, pollIntervalMs: 3_600_000 });
    await worker.start();
    // Each answer takes 400 ms: while the first two are in flight, the worker has claimed the next ones ahead.
    await receiver.waitForRequests(receiver.requests.length + 1, 5000);
    const leased = await db.query<{ id: string }>(
      "select id from deliveries where webhook_id = $1 and status = 'pending' and lease_until is not null",
      [webhooks[0]!.id],
    );
    expect(leased.length).toBeGreaterThan(2);
    await worker.stop();

    const after = await deliveriesOf(db, webhooks[0]!.id);
    const sent = after.filter((d) => d.attempts > 0);
    const handedBack = after.filter((d) => d.attempts === 0);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((d) => d.status === 'succeeded')).toBe(true);
    expect(handedBack.length).toBeGreaterThan(0);
    // Nothing unsent keeps a lease: another worker may take each at once, not a minute later.
    const [stillLeased] = await db.query<{ n: number }>(
      "select count(*)::int as n from deliveries where webhook_id = $1 and status = 'pending' and lease_until is not null",
      [webhooks[0]!.id],
    );
    expect(stillLeased?.n).toBe(0);
    const next = testWorker(db, receiver, { concurrency: 16, pollIntervalMs: 3_600_000 });
    expect(await next.runOnce()).toBe(handedBack.length);
    await next.stop();
    expect((await deliveriesOf(db, webhooks[0]!.id)).every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('connects only to the address the guard checked, never to a fresh DNS answer', async () => {
    const pinnedReceiver = await startWebhookReceiver({ host: '127.0.0.2' });
    try {
      const clock = manualClock();
      // "localhost" resolves to 127.0.0.1 or ::1 for the operating system, where nothing listens on this port.
      const resolver = async (name: string) => (name === 'localhost' ? ['127.0.0.2'] : []);
      const { id: workspaceId } = await (await import('../src/store/workspaces.js')).createWorkspace(
        db,
        'Pinned',
      );
      const { record } = await registerWebhook(
        db,
        { workspaceId, url: `https://localhost:${pinnedReceiver.port}/pinned`, events: ['prospect.created'] },
        { allowInsecure: true, resolver },
      );
      await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Pinned Co' }, clock.now()));
      const worker = testWorker(db, pinnedReceiver, { clock, resolver });
      await worker.runOnce();
      expect((await deliveriesOf(db, record.id))[0]).toMatchObject({
        status: 'succeeded',
        last_status_code: 204,
      });
      expect(pinnedReceiver.requests.map((r) => r.path)).toEqual(['/pinned']);

      // Pinned to an address where nothing listens: the attempt fails rather than asking DNS again.
      const elsewhere = testWorker(db, pinnedReceiver, { clock, resolver: async () => ['127.0.0.3'] });
      await resendDelivery(db, { deliveryId: (await deliveriesOf(db, record.id))[0]!.id, now: clock.now() });
      await elsewhere.runOnce();
      await Promise.all([worker.stop(), elsewhere.stop()]);
      expect((await deliveriesOf(db, record.id))[1]).toMatchObject({
        status: 'pending',
        last_error: 'network error: ECONNREFUSED',
      });
      expect(pinnedReceiver.requests).toHaveLength(1);
    } finally {
      await pinnedReceiver.close();
    }
  });

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
