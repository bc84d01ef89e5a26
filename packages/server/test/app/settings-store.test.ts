import { buildEvent } from '@prospectkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { getDelivery, listWebhookDeliveries, resendDelivery } from '../../src/store/deliveries.js';
import { getEvent } from '../../src/store/events.js';
import { enqueueEvents } from '../../src/store/outbox.js';
import {
  activeSigningSecret,
  createWebhook,
  getWebhookSigningSecrets,
  revokeWebhook,
  rollWebhookSecret,
  type WebhookSigningSecrets,
} from '../../src/store/webhooks.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';

const at = new Date('2026-05-01T12:00:00Z');
const HOUR_MS = 3_600_000;
const later = (ms: number) => new Date(at.getTime() + ms);

describe('activeSigningSecret', () => {
  it.each<[string, WebhookSigningSecrets, string]>([
    ['no roll', { secret: 'whk_old', next_secret: null, next_secret_at: null }, 'whk_old'],
    [
      'a roll not yet due',
      { secret: 'whk_old', next_secret: 'whk_new', next_secret_at: later(1) },
      'whk_old',
    ],
    ['a roll due exactly now', { secret: 'whk_old', next_secret: 'whk_new', next_secret_at: at }, 'whk_new'],
    [
      'a roll already due',
      { secret: 'whk_old', next_secret: 'whk_new', next_secret_at: later(-HOUR_MS) },
      'whk_new',
    ],
    [
      'a next secret without a time',
      { secret: 'whk_old', next_secret: 'whk_new', next_secret_at: null },
      'whk_old',
    ],
  ])('with %s', (_name, webhook, want) => {
    expect(activeSigningSecret(webhook, at)).toBe(want);
  });
});

describe.each(testDatabaseKinds())('settings storage (%s)', (kind) => {
  let db: Database;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    workspaceId = (await createWorkspace(db, 'Acme')).id;
    otherWorkspaceId = (await createWorkspace(db, 'Other')).id;
  });
  afterAll(() => db?.close());

  const newWebhook = async () =>
    createWebhook(db, { workspaceId, url: 'https://hooks.example.com/in', events: ['prospect.created'] });

  describe('rollWebhookSecret', () => {
    it('replaces the secret at once when it takes effect now', async () => {
      const { record, secret } = await newWebhook();
      const rolled = await rollWebhookSecret(db, { workspaceId, id: record.id, effectiveAt: at, now: at });
      expect(rolled).toEqual({
        secret: expect.stringMatching(/^whk_[0-9A-Za-z]{32}$/),
        next_secret: null,
        next_secret_at: null,
      });
      expect(rolled?.secret).not.toBe(secret);
      expect(await getWebhookSigningSecrets(db, workspaceId, record.id)).toEqual(rolled);
    });

    it('keeps the current secret until a later roll takes effect, and replaces a roll not yet due', async () => {
      const { record, secret } = await newWebhook();
      const first = await rollWebhookSecret(db, {
        workspaceId,
        id: record.id,
        effectiveAt: later(HOUR_MS),
        now: at,
      });
      expect(first).toMatchObject({ secret, next_secret_at: later(HOUR_MS) });
      const second = await rollWebhookSecret(db, {
        workspaceId,
        id: record.id,
        effectiveAt: later(2 * HOUR_MS),
        now: at,
      });
      expect(second).toMatchObject({ secret, next_secret_at: later(2 * HOUR_MS) });
      expect(second?.next_secret).not.toBe(first?.next_secret);
      const stored = await getWebhookSigningSecrets(db, workspaceId, record.id);
      expect(stored).toEqual(second);
      expect(activeSigningSecret(stored as WebhookSigningSecrets, later(HOUR_MS))).toBe(secret);
      expect(activeSigningSecret(stored as WebhookSigningSecrets, later(2 * HOUR_MS))).toBe(
        second?.next_secret,
      );
    });

    it('makes a roll that is already due the current secret before scheduling the next one', async () => {
      const { record } = await newWebhook();
      const first = await rollWebhookSecret(db, {
        workspaceId,
        id: record.id,
        effectiveAt: later(HOUR_MS),
        now: at,
      });
      const now = later(3 * HOUR_MS);
      const second = await rollWebhookSecret(db, {
        workspaceId,
        id: record.id,
        effectiveAt: later(4 * HOUR_MS),
        now,
      });
      expect(second).toMatchObject({ secret: first?.next_secret, next_secret_at: later(4 * HOUR_MS) });
    });

    it('refuses a time more than 24 hours away', async () => {
      const { record } = await newWebhook();
      await expect(
        rollWebhookSecret(db, { workspaceId, id: record.id, effectiveAt: later(24 * HOUR_MS + 1), now: at }),
      ).rejects.toThrow(RangeError);
      await expect(
        rollWebhookSecret(db, { workspaceId, id: record.id, effectiveAt: later(24 * HOUR_MS), now: at }),
      ).resolves.toBeDefined();
    });

    it('finds nothing for a revoked webhook or another workspace', async () => {
      const { record } = await newWebhook();
      expect(
        await rollWebhookSecret(db, {
          workspaceId: otherWorkspaceId,
          id: record.id,
          effectiveAt: at,
          now: at,
        }),
      ).toBeUndefined();
      expect(await getWebhookSigningSecrets(db, otherWorkspaceId, record.id)).toBeUndefined();
      await revokeWebhook(db, record.id);
      expect(
        await rollWebhookSecret(db, { workspaceId, id: record.id, effectiveAt: at, now: at }),
      ).toBeUndefined();
    });
  });

  describe('delivery log', () => {
    let webhookId: string;
    const eventIds: string[] = [];

    beforeAll(async () => {
      webhookId = (await newWebhook()).record.id;
      for (let i = 0; i < 5; i++) {
        const event = buildEvent(
          'prospect.created',
          workspaceId,
          { company: `Company ${i}` },
          later(i * 1000).getTime(),
        );
        eventIds.push(event.envelope.id);
        await db.transaction((tx) => enqueueEvents(tx, workspaceId, [event], later(i * 1000)));
      }
    });

    it('lists a webhook’s deliveries newest first, a page at a time', async () => {
      const first = await listWebhookDeliveries(db, { workspaceId, webhookId, limit: 2 });
      expect(first.deliveries.map((d) => d.event_id)).toEqual([eventIds[4], eventIds[3]]);
      expect(first.more).toBe(true);
      const second = await listWebhookDeliveries(db, {
        workspaceId,
        webhookId,
        limit: 2,
        before: first.deliveries[1]?.id,
      });
      expect(second.deliveries.map((d) => d.event_id)).toEqual([eventIds[2], eventIds[1]]);
      const last = await listWebhookDeliveries(db, {
        workspaceId,
        webhookId,
        limit: 2,
        before: second.deliveries[1]?.id,
      });
      expect(last).toMatchObject({
        more: false,
        deliveries: [{ event_id: eventIds[0], event_type: 'prospect.created' }],
      });
      expect(
        (await listWebhookDeliveries(db, { workspaceId: otherWorkspaceId, webhookId })).deliveries,
      ).toEqual([]);
    });

    it('shows a delivery with its payload and attempts in order', async () => {
      const [newest] = (await listWebhookDeliveries(db, { workspaceId, webhookId, limit: 1 })).deliveries;
      const id = newest?.id as string;
      const attempts: Array<[number, number]> = [
        [2, 200],
        [1, 503],
      ];
      for (const [number, status] of attempts) {
        await db.query(
          `insert into delivery_attempts (delivery_id, number, attempted_at, status_code, duration_ms, response_excerpt)
           values ($1, $2, $3, $4, 12, 'hi')`,
          [id, number, later(number * 60_000), status],
        );
      }
      const detail = await getDelivery(db, id, { workspaceId, webhookId });
      expect(detail?.attempt_log.map((a) => [a.number, a.status_code])).toEqual([
        [1, 503],
        [2, 200],
      ]);
      const event = await getEvent(db, detail?.event_id as string, { workspaceId });
      expect(JSON.parse(event?.body as string)).toMatchObject({
        id: eventIds[4],
        data: { company: 'Company 4' },
      });
      expect(await getDelivery(db, id, { workspaceId: otherWorkspaceId, webhookId })).toBeUndefined();
      expect(
        await getEvent(db, detail?.event_id as string, { workspaceId: otherWorkspaceId }),
      ).toBeUndefined();
    });

    it('resends as a new pending delivery of the same event, only in its workspace, and not for a revoked webhook', async () => {
      const [oldest] = (await listWebhookDeliveries(db, { workspaceId, webhookId })).deliveries.slice(-1);
      const deliveryId = oldest?.id as string;
      const now = later(HOUR_MS);
      expect(
        await resendDelivery(db, { workspaceId: otherWorkspaceId, webhookId, deliveryId, now }),
      ).toBeUndefined();
      const resent = await resendDelivery(db, { workspaceId, webhookId, deliveryId, now });
      expect(resent?.id).toMatch(/^del_/);
      const [newest] = (await listWebhookDeliveries(db, { workspaceId, webhookId, limit: 1 })).deliveries;
      expect(newest).toEqual(resent);
      expect(newest).toMatchObject({
        event_id: eventIds[0],
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      });
      await revokeWebhook(db, webhookId);
      await expect(
        resendDelivery(db, { workspaceId, webhookId, deliveryId: resent?.id as string, now }),
      ).rejects.toThrow(RangeError);
    });
  });
});
