import { verifyWebhook } from '@prospectkit/webhooks';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { utcMinute } from '../../src/app/shared/format.js';
import { createWebhook } from '../../src/store/webhooks.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import {
  ambiguousLinks,
  launchBrowser,
  type Received,
  reloadUntil,
  type SettingsServer,
  screenshot,
  signIn,
  startReceiver,
  startSettingsServer,
} from './settings-harness.js';

// A browser on a busy two-CPU CI machine can be slow; a stuck page still fails, within the minute.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const HOUR_MS = 3_600_000;

describe.each(testDatabaseKinds())('webhooks and deliveries in a browser (%s)', (kind) => {
  let server: SettingsServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let context: BrowserContext;
  let page: Page;
  let apiToken: string;
  let secret: string;
  let webhookPath: string;
  const shoot = (name: string) => (kind === 'pglite' ? screenshot(page, name) : Promise.resolve());
  const signedWith = (request: Received | undefined, key: string) =>
    verifyWebhook({
      body: request?.body ?? '',
      headers: request?.headers as Record<string, string>,
      secret: key,
      clock: server.clock,
    }).then(
      () => true,
      () => false,
    );
  const createProspect = async (company: string) => {
    const created = await call(server.baseUrl, 'POST', '/prospects', { token: apiToken, body: { company } });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const waitForRequests = async (count: number) => {
    const deadline = Date.now() + 15_000;
    while (receiver.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`The receiver got ${receiver.received.length} of ${count} requests.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return receiver.received[count - 1] as Received;
  };
  // A delivery stays leased until the worker records its attempt, a moment after the receiver has it; moving
  // the clock past the 60 s lease before that makes the delivery due again, and it is sent twice.
  const waitUntilRecorded = async () => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await server.db.query<{ n: number }>(
        "select count(*)::int as n from deliveries where status = 'pending'",
      );
      if (row?.n === 0) return;
      if (Date.now() > deadline) throw new Error(`${row?.n} deliveries are still pending.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    server = await startSettingsServer(kind);
    receiver = await startReceiver();
    apiToken = await server.token();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await receiver?.close();
    await server?.close();
  });

  it('refuses an address that breaks the address rule and keeps what was typed and ticked', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByLabel('Address').fill('https://hooks.example.com:8443/prospectkit');
    await page.getByLabel('prospect.created').check();
    await page.getByLabel('meeting.booked').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('must use port 443');
    expect(await page.getByLabel('Address').inputValue()).toBe('https://hooks.example.com:8443/prospectkit');
    expect(await page.getByLabel('prospect.created').isChecked()).toBe(true);
    expect(await page.getByLabel('meeting.booked').isChecked()).toBe(true);
    expect(await page.getByLabel('opportunity.won').isChecked()).toBe(false);

    await page.getByLabel('Address').fill('https://hooks.example.com/prospectkit?key=1');
    await page.getByLabel('meeting.booked').uncheck();
    await page.getByLabel('prospect.created').uncheck();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const summary = await page.getByRole('alert').textContent();
    expect(summary).toContain('must not have a query string');
    expect(summary).toContain('Choose at least one event.');
    await shoot('webhook-new-errors');
  });

  it('adds a webhook to a local receiver and reveals its signing secret with a copy button', async () => {
    await page.getByLabel('Address').fill(receiver.url);
    await page.getByLabel('prospect.created').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.waitForURL(/\/webhooks\/wh_[0-9A-Z]{26}$/);
    webhookPath = new URL(page.url()).pathname;
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Webhook added.');
    secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whk_[0-9A-Za-z]{32}$/);
    await expect(page.getByRole('button', { name: 'Copy' }).isVisible()).resolves.toBe(true);
    await shoot('webhook-secret');

    // Leaving and coming back hides the secret again; "Reveal signing secret" shows it.
    await page.goto(`${server.origin}${webhookPath}`);
    await expect(page.getByLabel('Signing secret').count()).resolves.toBe(0);
    expect(await page.content()).not.toContain(secret);
    await page.getByRole('button', { name: 'Reveal signing secret' }).click();
    expect(await page.getByLabel('Signing secret').inputValue()).toBe(secret);
  });

  it('shows a delivery and its attempts as the worker retries, with status codes, durations and the payload', async () => {
    receiver.statuses.push(503);
    await createProspect('Acme Ltd');
    expect(await signedWith(await waitForRequests(1), secret)).toBe(true);
    await page.goto(`${server.origin}${webhookPath}`);
    const firstRow = () => page.locator('#deliveries ~ table tbody tr').first();
    await reloadUntil(page, async () => ((await firstRow().textContent()) ?? '').includes('HTTP 503'));
    const pending = (await firstRow().textContent()) ?? '';
    expect(pending).toContain('prospect.created');
    expect(pending).toContain('pending');
    expect(pending).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

    // The retry is due a minute later: move the clock on and the worker sends attempt 2.
    server.clock.advance(61_000);
    await waitForRequests(2);
    await reloadUntil(page, async () => ((await firstRow().textContent()) ?? '').includes('succeeded'));
    expect(await firstRow().textContent()).toContain('HTTP 200');
    await shoot('webhook-deliveries');

    await firstRow().getByRole('link', { name: 'prospect.created' }).click();
    const attempts = page.getByRole('table', { name: 'Attempts, oldest first' }).locator('tbody tr');
    await expect(attempts.count()).resolves.toBe(2);
    const first = (await attempts.nth(0).textContent()) ?? '';
    expect(first).toContain('HTTP 503');
    expect(first).toMatch(/\d+ ms/);
    expect(first).toContain('busy, try later');
    expect(await attempts.nth(1).textContent()).toContain('HTTP 200');
    const eventId = receiver.received[0]?.headers['service-event-id'] as string;
    const payload = (await page.locator('main > pre').textContent()) ?? '';
    expect(JSON.parse(payload)).toMatchObject({
      id: eventId,
      event: 'prospect.created',
      data: { company: 'Acme Ltd' },
    });
    await shoot('delivery');
  });

  it('resends a delivery as a new delivery of the same event id and body', async () => {
    const original = receiver.received[1] as Received;
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Resent');
    const resentPath = new URL(page.url()).pathname;
    const resent = await waitForRequests(3);
    expect(resent.headers['service-event-id']).toBe(original.headers['service-event-id']);
    expect(resent.body).toBe(original.body);
    expect(await signedWith(resent, secret)).toBe(true);
    await reloadUntil(page, async () => (await page.getByRole('table', { name: /Attempts/ }).count()) === 1);
    expect(await page.getByRole('table', { name: /Attempts/ }).textContent()).toContain('HTTP 200');

    await page.getByRole('link', { name: 'Back to the webhook' }).click();
    const rows = page.locator('#deliveries ~ table tbody tr');
    await expect(rows.count()).resolves.toBe(2);
    // Newest first: the resent delivery leads the list.
    expect(await rows.first().getByRole('link').getAttribute('href')).toBe(resentPath);
    // Two deliveries of one event, one link each: their names differ (the delivery), so none leads two ways.
    expect(await ambiguousLinks(page)).toEqual([]);
  });

  it('rolls the signing secret to take effect later, so receivers can add it first', async () => {
    const now = server.clock.now();
    await page.getByLabel('At the time below').check();
    await page.getByLabel('Time (UTC)').fill(utcMinute(new Date(now.getTime() + 30 * HOUR_MS)));
    await page.getByRole('button', { name: 'Roll signing secret' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('at most 24 hours away');
    expect(await page.getByLabel('At the time below').isChecked()).toBe(true);

    const at = utcMinute(new Date(now.getTime() + HOUR_MS));
    await page.getByLabel('Time (UTC)').fill(at);
    await page.getByRole('button', { name: 'Roll signing secret' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain(
      `It signs events from ${at.replace('T', ' ')} UTC`,
    );
    expect(await page.getByLabel('Current signing secret').inputValue()).toBe(secret);
    const next = await page.getByLabel('Next signing secret').inputValue();
    expect(next).toMatch(/^whk_[0-9A-Za-z]{32}$/);
    expect(next).not.toBe(secret);
    await shoot('webhook-roll-pending');

    await createProspect('Before the switch');
    const before = await waitForRequests(4);
    expect(await signedWith(before, secret)).toBe(true);
    expect(await signedWith(before, next)).toBe(false);

    await waitUntilRecorded();
    server.clock.advance(2 * HOUR_MS);
    await createProspect('After the switch');
    const after = await waitForRequests(5);
    expect(await signedWith(after, next)).toBe(true);
    expect(await signedWith(after, secret)).toBe(false);
    secret = next;
  });

  it('rolls the signing secret to take effect now', async () => {
    await page.goto(`${server.origin}${webhookPath}`);
    await page.getByLabel('Now', { exact: true }).check();
    await page.getByRole('button', { name: 'Roll signing secret' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('from now on');
    const rolled = await page.getByLabel('Signing secret').inputValue();
    expect(rolled).not.toBe(secret);
    await createProspect('Right after the roll');
    expect(await signedWith(await waitForRequests(6), rolled)).toBe(true);
  });

  it('revokes the webhook after a confirmation; nothing more is sent or resent', async () => {
    await page.getByRole('link', { name: 'Revoke this webhook' }).click();
    await shoot('webhook-revoke');
    await page.getByRole('button', { name: 'Revoke webhook' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Webhook revoked.');
    await expect(page.getByRole('button', { name: 'Reveal signing secret' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    await expect(page.getByRole('row', { name: /hooks/ }).textContent()).resolves.toContain('revoked');
    await shoot('webhooks');
    const count = receiver.received.length;
    await createProspect('After the revoke');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.length).toBe(count);
  });

  it('wraps event names at 320 px: the list of webhooks fits the narrowest phones', async () => {
    await createWebhook(server.db, {
      workspaceId: server.workspaceId,
      url: receiver.url,
      events: ['prospect.outcome.updated', 'opportunity.updated'],
    });
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByText('prospect.outcome.updated').count()).resolves.toBe(1);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
