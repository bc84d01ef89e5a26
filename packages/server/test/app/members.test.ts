import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assignConversation, getConversation } from '../../src/store/conversations.js';
import { listTeammates } from '../../src/store/teammates.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import {
  launchBrowser,
  SCREENSHOT_DIR,
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

describe.each(testDatabaseKinds())('Members in a browser (%s)', (kind) => {
  let server: SettingsServer;
  let context: BrowserContext;
  let page: Page;
  const errorOf = (field: string) => page.locator(`#f-${field}-error`).textContent();
  const add = async (name: string, email: string) => {
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
  };

  beforeAll(async () => {
    server = await startSettingsServer(kind);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  it('invites members, with the problem beside each field and the values kept', async () => {
    await page.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(/\/members$/);
    // The owner alone so far.
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('page');

    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      add(' ', 'ana@'),
    ]);
    expect(refused.status()).toBe(422);
    expect(await errorOf('name')).toBe('Enter a name.');
    expect(await errorOf('email')).toBe('Enter an email address like ana@example.com.');
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email address').inputValue()).toBe('ana@');

    await add('Ana Lima', 'ana@example.com');
    // No relay: the invitation link is shown to copy.
    await expect(page.locator('#share-link').inputValue()).resolves.toMatch(/\/invitations\/[\w-]{43}$/);
    await page.getByRole('link', { name: 'Back to members' }).click();
    await add('Ana Again', 'ANA@example.com');
    expect(await errorOf('email')).toBe('This person is a member of the workspace already.');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ana Again');
    await add('Bo Chen', 'bo@example.com');
    await page.getByRole('link', { name: 'Back to members' }).click();
    // By name, each with its email.
    expect(await page.locator('tbody td[data-label="Email"]').allTextContents()).toEqual([
      'ana@example.com',
      'bo@example.com',
      'owner@example.com',
    ]);
    if (kind === 'pglite') {
      await screenshot(page, 'members-invited');
      await page.screenshot({ path: `${SCREENSHOT_DIR}members.png`, fullPage: true });
    }
  });

  it('removes a member after a confirmation, unassigning their conversations', async () => {
    const teammates = await listTeammates(server.db, { workspaceId: server.workspaceId });
    const bo = teammates.find((t) => t.name === 'Bo Chen');
    const created = await call(server.baseUrl, 'POST', '/prospects', {
      token: await server.token(),
      body: { company: 'Globex' },
    });
    const prospectId = created.body.id as string;
    await assignConversation(server.db, {
      workspaceId: server.workspaceId,
      prospectId,
      teammateId: bo?.id ?? '',
    });

    await page.getByRole('link', { name: 'Remove Bo Chen' }).click();
    await expect(page.locator('main').textContent()).resolves.toContain(
      '1 conversation is assigned to them: it will be unassigned',
    );
    if (kind === 'pglite') await screenshot(page, 'remove-member');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/members$/);
    await page.getByRole('link', { name: 'Remove Bo Chen' }).click();
    await page.getByRole('button', { name: 'Remove member' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toBe(
      'Bo Chen removed; their sessions ended. 1 conversation unassigned.',
    );
    expect(await page.locator('tbody tr').count()).toBe(2);
    const conversation = await getConversation(server.db, { workspaceId: server.workspaceId, prospectId });
    expect(conversation?.assignee_id).toBeNull();
    const events = await server.db.query<{ body: string }>(
      "select body from events where type = 'conversation.assigned' order by id",
    );
    expect(events.map((e) => JSON.parse(e.body).data.assignee_id)).toEqual([bo?.id, null]);
  });
});
