import { EVENT_TYPES } from '@prospectkit/core';
import {
  startTestServer,
  startWebhookReceiver,
  testDatabaseKinds,
  type WebhookReceiver,
} from '@prospectkit/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { registerWebhook } from '../src/delivery/register-webhook.js';
import { WEBHOOK_USER_AGENT } from '../src/delivery/user-agent.js';
import { recordReplyReceived } from '../src/store/app-events.js';
import { assignConversation } from '../src/store/conversations.js';
import { resendDelivery } from '../src/store/deliveries.js';
import { createProspect } from '../src/store/prospects.js';
import { createTeammate } from '../src/store/teammates.js';
import {
  deliveriesOf,
  manualClock,
  settleLeftovers,
  testWorker,
  verifyReceived,
} from './delivery-helpers.js';
import { closeDeliverySetup, openDeliverySetup } from './delivery-setup.js';
import { call } from './http-helpers.js';

// What a delivery sends: every event kind with the contract headers and a signature that verifies, to the address the guard checked.
describe.each(testDatabaseKinds())('webhook delivery on %s: sending', (kind) => {
  let db: Database;
  let receiver: WebhookReceiver;
  const requestsTo = (prefix: string) => receiver.requests.filter((r) => r.path.startsWith(prefix));

  beforeAll(async () => {
    ({ db, receiver } = await openDeliverySetup(kind));
  });
  afterEach(() => settleLeftovers(db));
  afterAll(() => closeDeliverySetup(db, receiver));

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
        expect(await verifyReceived(request, secret, clock)).toEqual(body);
      }
      expect(WEBHOOK_USER_AGENT).toBe(
        `ProspectKit-Webhooks/${(await import('../package.json', { with: { type: 'json' } })).default.version}`,
      );
    } finally {
      await server.close();
    }
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
});
