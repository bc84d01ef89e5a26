import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listWorkspaces } from '../../src/store/workspaces.js';
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

describe.each(testDatabaseKinds())('settings sign-in and workspace in a browser (%s)', (kind) => {
  let server: SettingsServer;
  let context: BrowserContext;
  let page: Page;
  const shoot = (name: string) => (kind === 'pglite' ? screenshot(page, name) : Promise.resolve());

  beforeAll(async () => {
    server = await startSettingsServer(kind);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  it('refuses a wrong password without echoing it, then signs in with the right one', async () => {
    await page.goto(`${server.origin}/`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await shoot('sign-in');

    await page.getByLabel('Email address').fill('owner@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    expect(refused.status()).toBe(401);
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('do not match an account');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain('not the password');
    // The error summary takes the focus, so keyboard and screen-reader users hear the problem first.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('error-summary');
    // The four stylesheets loaded (the Content-Security-Policy allows them), and rules of the first two apply.
    const styles = await page.evaluate(() => ({
      sheets: document.styleSheets.length,
      skip: getComputedStyle(document.querySelector('.skip') as Element).position,
      summary: getComputedStyle(document.querySelector('.error-summary') as Element).borderTopWidth,
    }));
    expect(styles).toMatchObject({ sheets: 4, skip: 'absolute', summary: '2px' });
    await shoot('sign-in-refused');

    await signIn(page, server.origin);
    expect(new URL(page.url()).pathname).toBe(`/workspaces/${server.workspaceId}/prospects`);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({
      name: 'prospectkit_settings',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });

  it('refuses a form posted without its CSRF token, or with a wrong one, and changes nothing', async () => {
    for (const tamper of ['remove', 'change'] as const) {
      await page.goto(`${server.origin}/workspaces/${server.workspaceId}/settings`);
      await page.getByLabel('Workspace name').fill('Renamed by a forged form');
      await page.evaluate((how) => {
        const field = document.querySelector<HTMLInputElement>('form[action$="/name"] input[name="_csrf"]');
        if (how === 'remove') field?.remove();
        else if (field) field.value = 'f'.repeat(64);
      }, tamper);
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Save name' }).click(),
      ]);
      expect(refused.status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Form not accepted');
    }
    await shoot('csrf-refused');
    const [workspace] = await listWorkspaces(server.db);
    expect(workspace?.name).toBe('Acme sales');
  });

  it('is usable from the keyboard: a skip link first, then labelled controls', async () => {
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/settings`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // Tab from main reaches the name field, which is labelled; Enter submits the form.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Acme sales EU');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/workspaces/${server.workspaceId}/settings`);
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Workspace name saved.');
  });

  it('keeps a rejected workspace name in the field and explains the problem', async () => {
    // The field's maxlength stops a browser from sending a longer name; the server checks it anyway.
    const tooLong = 'x'.repeat(101);
    await page.evaluate(() => document.querySelector('#f-name')?.removeAttribute('maxlength'));
    await page.getByLabel('Workspace name').fill(tooLong);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('at most 100 characters');
    expect(await page.getByLabel('Workspace name').inputValue()).toBe(tooLong);
    expect(await page.getByLabel('Workspace name').getAttribute('aria-invalid')).toBe('true');
    await shoot('workspace-name-error');
    await page.getByLabel('Workspace name').fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Enter a name for the workspace.');
    const [workspace] = await listWorkspaces(server.db);
    expect(workspace?.name).toBe('Acme sales EU');
  });

  it('suspends and resumes the workspace, which the API follows', async () => {
    const token = await server.token();
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/settings`);
    await shoot('workspace');
    await page.getByRole('button', { name: 'Suspend workspace' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Workspace suspended');
    expect((await call(server.baseUrl, 'GET', '/prospects', { token })).status).toBe(401);
    await shoot('workspace-suspended');
    await page.getByRole('button', { name: 'Resume workspace' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Workspace resumed');
    expect((await call(server.baseUrl, 'GET', '/prospects', { token })).status).toBe(200);
  });

  it('adds a workspace and switches between workspaces', async () => {
    await page.getByRole('link', { name: 'Switch workspace' }).click();
    await page.getByLabel('Workspace name').fill('Beta team');
    await page.getByRole('button', { name: 'Add workspace' }).click();
    await expect(page.getByRole('navigation').textContent()).resolves.toContain('Beta team');
    await page.goto(`${server.origin}/`);
    expect(new URL(page.url()).pathname).toBe('/workspaces');
    await expect(page.getByRole('link', { name: 'Acme sales EU' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Beta team' }).count()).resolves.toBe(1);
    await shoot('workspaces');
  });

  it('signs out, after which every settings page asks to sign in again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in\?signed-out=1$/);
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('You are signed out.');
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/settings/tokens`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });
});
