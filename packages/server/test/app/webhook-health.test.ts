import pino from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWebhookHealthWatch } from '../../src/delivery/webhook-health-watch.js';
import type { MailSender, OutgoingMail } from '../../src/mail/mail-sender.js';
import { latencyBucket } from '../../src/store/delivery-queue.js';
import { createWebhook } from '../../src/store/webhooks.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import { addTestMember } from './role-fixture.js';
import {
  launchBrowser,
  reloadUntil,
  type SettingsServer,
  screenshot,
  signIn,
  startReceiver,
  startSettingsServer,
} from './settings-harness.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe.each(testDatabaseKinds())('delivery health in a browser (%s)', (kind) => {
  let server: SettingsServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let context: BrowserContext;
  let page: Page;
  let apiToken: string;
  let webhookId: string;
  const sent: OutgoingMail[] = [];
  const mailSender: MailSender = {
    send: async (mail) => {
      sent.push(mail);
      return { status: 'sent', error: null };
    },
    close() {},
  };
  const shoot = (name: string) => (kind === 'pglite' ? screenshot(page, name) : Promise.resolve());
  const healthUrl = () =>
    `${server.origin}/workspaces/${server.workspaceId}/settings/webhooks/${webhookId}/health`;
  const createProspect = async (company: string) => {
    const created = await call(server.baseUrl, 'POST', '/prospects', { token: apiToken, body: { company } });
    expect(created.status).toBe(201);
  };
  const settled = async () => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await server.db.query<{ n: number }>(
        'select count(*)::int as n from deliveries where status = $1 and lease_until is not null',
        ['pending'],
      );
      if (row?.n === 0) return;
      if (Date.now() > deadline) throw new Error('A delivery is still in flight.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    server = await startSettingsServer(kind);
    receiver = await startReceiver();
    apiToken = await server.token();
    const { record } = await createWebhook(server.db, {
      workspaceId: server.workspaceId,
      url: receiver.url,
      events: ['prospect.created'],
    });
    webhookId = record.id;
    // A week of history, as the attempts' statement records it (hour, latency bucket): mostly fast successes,
    // a slow and failing afternoon two days ago.
    const now = server.clock.now().getTime();
    const rows: unknown[][] = [];
    for (let h = 1; h < 7 * 24; h += 1) {
      const hour = new Date(Math.floor((now - h * HOUR_MS) / HOUR_MS) * HOUR_MS);
      const bad = h >= 44 && h <= 50;
      const attempts = 20 + ((h * 7) % 13);
      const succeeded = bad ? Math.floor(attempts / 3) : attempts - (h % 9 === 0 ? 1 : 0);
      rows.push([webhookId, hour, latencyBucket(bad ? 2600 : 90 + (h % 5) * 20), attempts, succeeded]);
      rows.push([webhookId, hour, latencyBucket(bad ? 9000 : 420), 2, bad ? 0 : 2]);
    }
    for (const row of rows)
      await server.db.query(
        'insert into webhook_attempt_stats (webhook_id, hour, bucket, attempts, succeeded) values ($1, $2, $3, $4, $5)',
        row,
      );
    // A browser's language is a BCP 47 tag; the CI container's POSIX locale (en-US@posix) is none, and uPlot's
    // number formatter refuses it (the tables would stay, without charts).
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await receiver?.close();
    await server?.close();
  });

  it('charts the success rate and p50/p95 latency of 24 hours and 7 days, from uPlot served by this server', async () => {
    await createProspect('Fresh attempt Ltd');
    await settled();
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(healthUrl());
    await expect(page.locator('h1').textContent()).resolves.toContain('Delivery health');
    // The attempt just made counts in the last hour.
    const lastHour = page.locator('#health-day tbody tr').last();
    await expect(lastHour.locator('td').first().textContent()).resolves.toBe('1');
    await expect(page.locator('#health-day tbody tr').count()).resolves.toBe(24);
    await expect(page.locator('#health-week tbody tr').count()).resolves.toBe(7);
    const weekText = (await page.locator('#health-week').textContent()) ?? '';
    expect(weekText).toMatch(/\d+\.\d%/);
    expect(weekText).toMatch(/\d+ ms/);
    // Four charts, drawn on canvases, once the page script ran.
    await page.waitForSelector('.chart canvas');
    await expect(page.locator('.chart canvas').count()).resolves.toBe(4);
    expect(scripts.some((url) => url.startsWith(`${server.origin}/assets/vendor/uplot.js?v=`))).toBe(true);
    expect(scripts.every((url) => url.startsWith(server.origin))).toBe(true);
    expect(errors).toEqual([]);
    await shoot('webhook-health');
  });

  it('reads the same without JavaScript: the tables, with a meter per success rate, and no chart boxes', async () => {
    const plain = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    const noScript = await plain.newPage();
    try {
      await signIn(noScript, server.origin);
      await noScript.goto(healthUrl());
      await expect(noScript.locator('#health-week tbody tr meter').count()).resolves.toBe(7);
      await expect(noScript.locator('[data-charts-for]').first().isVisible()).resolves.toBe(false);
      expect(await noScript.textContent('main')).toMatch(
        /Last 7 days:\s+\d+\.\d% of [\d,]+ attempts\s+succeeded/,
      );
      if (kind === 'pglite') await screenshot(noScript, 'webhook-health-no-javascript');
    } finally {
      await plain.close();
    }
  });

  it('flags a failing endpoint on the webhooks list, disables it after its days of failures with an email, and is re-enabled by hand', async () => {
    receiver.statuses.push(500, 500, 500, 500, 500);
    await createProspect('Failing Ltd');
    await settled();
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/settings/webhooks`);
    await expect(page.locator('tbody tr').first().textContent()).resolves.toContain('failing');
    await shoot('webhooks-failing');

    await page.goto(healthUrl());
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Failing:');
    await page.getByLabel('Disable automatically after').selectOption('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain(
      'disabled after 1 day of failed attempts',
    );

    // Two days on, still failing: the watch disables it, once, and emails the workspace's owners and admins and
    // PROSPECTKIT_ADMIN_EMAIL, each once; not a viewer.
    await addTestMember(server.db, {
      workspaceId: server.workspaceId,
      email: 'admin@example.com',
      name: 'An Admin',
      role: 'admin',
    });
    await addTestMember(server.db, {
      workspaceId: server.workspaceId,
      email: 'viewer@example.com',
      name: 'A Viewer',
      role: 'viewer',
    });
    server.clock.advance(2 * DAY_MS);
    const watch = createWebhookHealthWatch({
      db: server.db,
      logger: pino({ level: 'silent' }),
      mailSender,
      adminEmails: ['ops@example.com', 'cto@example.com', 'owner@example.com'],
      inboundDomain: 'example.com',
      publicUrl: 'https://prospects.example.com',
      clock: server.clock,
    });
    expect(await watch.runOnce()).toEqual([webhookId]);
    expect(await watch.runOnce()).toEqual([]);
    expect(sent.map((m) => m.to).sort()).toEqual(
      ['admin@example.com', 'cto@example.com', 'ops@example.com', 'owner@example.com'].sort(),
    );
    expect(sent[0]?.subject).toBe('Webhook disabled after 1 day of failures (Acme sales)');
    expect(sent[0]?.text).toContain(
      `https://prospects.example.com/workspaces/${server.workspaceId}/settings/webhooks/${webhookId}/health`,
    );

    // While disabled, a new event's delivery is held, not sent and not lost. (Two days on, the session has ended.)
    const before = receiver.received.length;
    await createProspect('Held Ltd');
    await signIn(page, server.origin);
    await page.goto(healthUrl());
    const notice = (await page.getByRole('status').first().textContent()) ?? '';
    expect(notice).toMatch(/Disabled since .*automatically, after 1 day of failed attempts/);
    expect(notice).toMatch(/deliver(y is|ies are) held/);
    await shoot('webhook-health-disabled');
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/settings/webhooks`);
    await expect(page.locator('tbody tr').first().textContent()).resolves.toContain(
      'disabled after failures',
    );
    expect(receiver.received.length).toBe(before);

    receiver.statuses.splice(0);
    await page.goto(healthUrl());
    await page.getByRole('button', { name: 'Enable webhook' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Webhook enabled');
    const deadline = Date.now() + 15_000;
    while (!receiver.received.slice(before).some((r) => r.body.includes('Held Ltd'))) {
      if (Date.now() > deadline) throw new Error('The held delivery was not sent after enabling.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await reloadUntil(page, async () => ((await page.textContent('main')) ?? '').includes('delivering'));

    // Both changes made on the page are in the audit log with their author (issue 26: "webhook changed").
    const changes = await server.db.query<{ detail: string; actor_label: string }>(
      `select detail, actor_label from audit_log where action = 'webhook.changed' and target_id = $1
       order by occurred_at, id`,
      [webhookId],
    );
    expect(changes.map((c) => c.detail)).toEqual([
      'disabled automatically after 1 day of failures',
      'enabled',
    ]);
    expect(changes.every((c) => c.actor_label.includes('owner@example.com'))).toBe(true);
  });
});
