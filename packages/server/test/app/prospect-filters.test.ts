import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAudit } from '../../src/store/audit-log.js';
import { createProspect } from '../../src/store/prospects.js';
import { listSavedViews } from '../../src/store/saved-views.js';
import { createTeammate } from '../../src/store/teammates.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import {
  launchBrowser,
  type SettingsServer,
  screenshot,
  signIn,
  startSettingsServer,
} from './settings-harness.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** Where the lead collects this screenshots, beside test-results/app/. */
const SHOTS = process.env.PROSPECTKIT_SHOTS_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(testDatabaseKinds())('the app: prospect filters and sort, without JavaScript (%s)', (kind) => {
  let server: SettingsServer;
  let context: BrowserContext;
  let page: Page;
  let adaId: string;
  const list = () => `${server.origin}/workspaces/${server.workspaceId}/prospects`;
  const companies = () =>
    page.locator('table.prospects tbody tr td[data-label="Company"] strong').allTextContents();
  const shoot = async (name: string) => {
    if (kind !== 'pglite') return;
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    else await screenshot(page, name);
  };

  beforeAll(async () => {
    server = await startSettingsServer(kind);
    adaId = (
      await createTeammate(server.db, {
        workspaceId: server.workspaceId,
        name: 'Ada Owner',
        email: 'ada@acme.example',
      })
    ).id;
    const seeds = [
      { company: 'Société Générale', tags: ['q4', 'salesnav'], owner_id: adaId },
      { company: 'Zürich Versicherung', tags: ['salesnav'], owner_id: null },
      { company: 'Alpha GmbH', tags: ['q4'], owner_id: null },
      { company: 'Wonka Industries', tags: [], owner_id: adaId },
    ];
    let at = Date.UTC(2031, 0, 1);
    for (const seed of seeds) {
      at += 86_400_000;
      await server.db.transaction((tx) => createProspect(tx, server.workspaceId, seed, new Date(at)));
    }
    // No JavaScript at all: every control is a plain GET form field.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  it('filters by tag and owner, keeps them in the URL, and sorts', async () => {
    await page.goto(list());
    expect(await companies()).toEqual([
      'Wonka Industries',
      'Alpha GmbH',
      'Zürich Versicherung',
      'Société Générale',
    ]);
    await page.getByLabel('Tag', { exact: true }).fill('salesnav');
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'No owner' });
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await companies()).toEqual(['Zürich Versicherung']);
    const url = new URL(page.url());
    expect(url.searchParams.get('tag')).toBe('salesnav');
    expect(url.searchParams.get('owner_id')).toBe('none');
    await expect(page.locator('p.count').textContent()).resolves.toContain('1 prospect matches the filters');

    // The URL is the view: opened afresh (a bookmark), it lists the same and the controls show it.
    await page.goto(`${list()}?tag=q4&sort=company_asc`);
    expect(await companies()).toEqual(['Alpha GmbH', 'Société Générale']);
    expect(await page.getByLabel('Tag', { exact: true }).inputValue()).toBe('q4');
    expect(await page.getByLabel('Sort').inputValue()).toBe('company_asc');
    await page.getByLabel('Sort').selectOption({ label: 'Company Z-A' });
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await companies()).toEqual(['Société Générale', 'Alpha GmbH']);
    await shoot('prospects-filters-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await shoot('prospects-filters-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('searches without accents, filters by outcome and by the dates added, and says what the API would refuse', async () => {
    await page.goto(`${list()}?search=zurich`);
    expect(await companies()).toEqual(['Zürich Versicherung']);
    await page.goto(`${list()}?search=societe&outcome=none`);
    expect(await companies()).toEqual(['Société Générale']);
    await page.goto(`${list()}?added_from=2031-01-03&added_to=2031-01-04`);
    expect(await companies()).toEqual(['Alpha GmbH', 'Zürich Versicherung']);
    expect(await page.getByLabel('Added from').inputValue()).toBe('2031-01-03');
    // The page links onwards with the API's own bounds, and reads them back into the dates.
    await page.goto(`${list()}?added_from=2031-01-03&per_page=10&sort=oldest`);
    expect(await companies()).toEqual(['Zürich Versicherung', 'Alpha GmbH', 'Wonka Industries']);
    const refused = await page.goto(`${list()}?sort=sideways`);
    expect(refused?.status()).toBe(200);
    await expect(page.locator('[id="f-search-error"]').textContent()).resolves.toMatch(/Sort/);
    expect(await companies()).toHaveLength(4);
  });

  it('saves the current view by name, opens it from its link, and deletes it, each in the audit log', async () => {
    await page.goto(`${list()}?tag=q4&owner_id=none&page=1`);
    await page.getByLabel('Save this view as').fill('Q4 tagged, no owner');
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByText('View “Q4 tagged, no owner” saved.').isVisible()).resolves.toBe(true);
    expect(await companies()).toEqual(['Alpha GmbH']);
    await page.goto(list());
    await page.getByRole('link', { name: 'Q4 tagged, no owner' }).click();
    const url = new URL(page.url());
    expect([...url.searchParams.entries()]).toEqual([
      ['tag', 'q4'],
      ['owner_id', 'none'],
    ]);
    expect(await companies()).toEqual(['Alpha GmbH']);
    await shoot('prospects-saved-view-1280');
    await page.getByRole('button', { name: 'Delete view Q4 tagged, no owner' }).click();
    await expect(page.getByText('View “Q4 tagged, no owner” deleted.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Q4 tagged, no owner' }).count()).resolves.toBe(0);
    const { data } = await listAudit(server.db, { workspaceId: server.workspaceId });
    expect(data.filter((e) => e.action.startsWith('view.')).map((e) => [e.action, e.target_label])).toEqual([
      ['view.deleted', 'Q4 tagged, no owner'],
      ['view.saved', 'Q4 tagged, no owner'],
    ]);
  });

  it('refuses a view without a name, and saves none', async () => {
    await page.goto(`${list()}?tag=q4`);
    await page.getByLabel('Save this view as').fill('   ');
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect(
      page.getByText('Name the view in 1 to 100 characters to save it.').isVisible(),
    ).resolves.toBe(true);
    expect(await companies()).toEqual(['Alpha GmbH', 'Société Générale']);
    expect(await listSavedViews(server.db, server.workspaceId)).toEqual([]);
  });

  it('walks pages by the cursor links, filters kept', async () => {
    await page.goto(`${list()}?per_page=10&tag=q4`);
    expect(await companies()).toEqual(['Alpha GmbH', 'Société Générale']);
    await page.goto(`${list()}?per_page=10`);
    await expect(page.getByRole('link', { name: 'Next' }).count()).resolves.toBe(0);
  });
});
