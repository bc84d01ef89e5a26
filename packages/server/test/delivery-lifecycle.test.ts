import { testDatabaseKinds, type WebhookReceiver } from '@prospectkit/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { resendDelivery } from '../src/store/deliveries.js';
import { createProspect } from '../src/store/prospects.js';
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
import { closeDeliverySetup, MINUTE, openDeliverySetup } from './delivery-setup.js';

// Deliveries and their changes: a rolled-back change, a revoked webhook, a resend, pruning old attempts.
describe.each(testDatabaseKinds())('webhook delivery on %s: lifecycle', (kind) => {
  let db: Database;
  let receiver: WebhookReceiver;
  const requestsTo = (prefix: string) => receiver.requests.filter((r) => r.path.startsWith(prefix));

  beforeAll(async () => {
    ({ db, receiver } = await openDeliverySetup(kind));
  });
  afterEach(() => settleLeftovers(db));
  afterAll(() => closeDeliverySetup(db, receiver));

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
    await verifyReceived(b!, hook!.secret, clock);
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
});
