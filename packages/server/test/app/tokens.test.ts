import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { utcDateOnly } from '../../src/app/shared/format.js';
import { listApiTokens } from '../../src/store/api-tokens.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import {
  launchBrowser,
  type SettingsServer,
  screenshot,
  signIn,
  startSettingsServer,
} from './settings-harness.js';

// A browser on a busy two-CPU CI machine can be slow; a stuck page still fails, within the minute.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DAY_MS = 86_400_000;

describe.each(testDatabaseKinds())('API tokens in a browser (%s)', (kind) => {
  let server: SettingsServer;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const shoot = (name: string) => (kind === 'pglite' ? screenshot(page, name) : Promise.resolve());

  beforeAll(async () => {
    server = await startSettingsServer(kind);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  it('offers a 90-day expiry, at most one year, and keeps the form when it is wrong', async () => {
    await page.getByRole('link', { name: 'API tokens' }).click();
    await expect(page.getByText('No tokens yet.').count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'Create token' }).click();
    const now = server.clock.now();
    const expiry = page.getByLabel('Expires on');
    expect(await expiry.inputValue()).toBe(utcDateOnly(new Date(now.getTime() + 90 * DAY_MS)));
    expect(await expiry.getAttribute('max')).toBe(utcDateOnly(new Date(now.getTime() + 365 * DAY_MS)));

    const tooFar = utcDateOnly(new Date(now.getTime() + 400 * DAY_MS));
    await page.getByLabel('Name').fill('CRM sync');
    await expiry.fill(tooFar);
    await page.getByRole('button', { name: 'Create token' }).click();
    const summary = await page.getByRole('alert').textContent();
    expect(summary).toContain('Choose at least one ability.');
    expect(summary).toContain('at most one year away');
    expect(await page.getByLabel('Name').inputValue()).toBe('CRM sync');
    expect(await expiry.inputValue()).toBe(tooFar);
    await shoot('token-new-errors');

    // Each link of the summary focuses its field: a checkbox group's first choice (a fieldset takes no focus), and
    // a text field with its label in view rather than hidden above the window's top edge.
    await page.setViewportSize({ width: 390, height: 500 });
    await page.getByRole('alert').getByRole('link', { name: 'Choose at least one ability.' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-abilities-0');
    await page
      .getByRole('alert')
      .getByRole('link', { name: /at most one year away/ })
      .click();
    const focused = await page.evaluate(() => {
      const label = document.querySelector('label[for="f-expires_on"]') as Element;
      return { id: document.activeElement?.id, labelTop: label.getBoundingClientRect().top };
    });
    expect(focused.id).toBe('f-expires_on');
    expect(focused.labelTop).toBeGreaterThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('creates a token, shows it once with a copy button, and the API accepts it', async () => {
    await page.getByLabel('prospects:read').check();
    await page.getByLabel('prospects:write').check();
    const expiresOn = utcDateOnly(new Date(server.clock.now().getTime() + 30 * DAY_MS));
    await page.getByLabel('Expires on').fill(expiresOn);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Create token' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.headers()['cache-control']).toBe('no-store');
    token = await page.getByLabel('Token "CRM sync"').inputValue();
    expect(token).toMatch(/^pkt_[0-9A-Za-z]{36}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    // The script writes "Copied." once the clipboard write resolves, which may be after the click returns.
    await page.getByText('Copied.').waitFor({ timeout: 10_000 });
    await expect(page.getByText('Copied.').count()).resolves.toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shoot('token-created');

    const listed = await call(server.baseUrl, 'GET', '/prospects', { token });
    expect(listed.status).toBe(200);
    const written = await call(server.baseUrl, 'POST', '/prospects', {
      token,
      body: { company: 'Acme Ltd' },
    });
    expect(written.status).toBe(201);
    const outcome = await call(server.baseUrl, 'POST', `/prospects/${written.body.id}/outcomes`, {
      token,
      body: { outcome: 'Won' },
    });
    expect(outcome.status).toBe(403);

    const [record] = await listApiTokens(server.db, server.workspaceId);
    expect(record).toMatchObject({ name: 'CRM sync', abilities: ['prospects:read', 'prospects:write'] });
    expect(record?.expires_at.toISOString()).toBe(`${expiresOn}T00:00:00.000Z`);
  });

  it('lists the token with its abilities, dates, last use and status, never the token itself', async () => {
    await page.getByRole('link', { name: 'Back to API tokens' }).click();
    const row = page.getByRole('row', { name: /CRM sync/ });
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('prospects:read, prospects:write');
    expect(text).toContain('active');
    expect(text).not.toContain('Never');
    expect(await page.content()).not.toContain(token);
    await shoot('tokens');
  });

  it('revokes the token after a confirmation, after which the API answers 401', async () => {
    await page.getByRole('link', { name: 'Revoke CRM sync' }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Revoke token');
    await shoot('token-revoke');
    await page.getByRole('link', { name: 'Cancel' }).click();
    expect((await call(server.baseUrl, 'GET', '/prospects', { token })).status).toBe(200);

    await page.getByRole('link', { name: 'Revoke CRM sync' }).click();
    await page.getByRole('button', { name: 'Revoke token' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain(
      'Token "CRM sync" revoked.',
    );
    await expect(page.getByRole('row', { name: /CRM sync/ }).textContent()).resolves.toContain('revoked');
    const refused = await call(server.baseUrl, 'GET', '/prospects', { token });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Unauthenticated.' });
  });
});
