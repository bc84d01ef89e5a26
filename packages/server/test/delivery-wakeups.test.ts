import { testDatabaseKinds, type WebhookReceiver } from '@prospectkit/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { createProspect } from '../src/store/prospects.js';
import { deliveriesOf, settleLeftovers, testWorker, workspaceWithWebhooks } from './delivery-helpers.js';
import { closeDeliverySetup, openDeliverySetup } from './delivery-setup.js';

// When the worker claims: on NOTIFY or its poll, ahead of its free slots, and what it hands back when it stops.
describe.each(testDatabaseKinds())('webhook delivery on %s: wake-ups', (kind) => {
  let db: Database;
  let receiver: WebhookReceiver;
  const requestsTo = (prefix: string) => receiver.requests.filter((r) => r.path.startsWith(prefix));

  beforeAll(async () => {
    ({ db, receiver } = await openDeliverySetup(kind));
  });
  afterEach(() => settleLeftovers(db));
  afterAll(() => closeDeliverySetup(db, receiver));

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
});
