import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAudit } from '../../src/store/audit-log.js';
import { addCustomField } from '../../src/store/custom-fields.js';
import { createProspects } from '../../src/store/prospects.js';
import { createTeammate } from '../../src/store/teammates.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { addTestMember, MEMBER_PASSWORD } from './role-fixture.js';
import {
  launchBrowser,
  reloadUntil,
  SCREENSHOT_DIR,
  type SettingsServer,
  signIn,
  startSettingsServer,
} from './settings-harness.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

/** Where the lead collects this screenshots, beside test-results/app/. */
const SHOTS = process.env.PROSPECTKIT_SHOTS_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// docs/bulk-actions.md: rows ticked, or all N matching the list's filters, changed by a job the bulk runner runs
// in batches (of 100 in the harness), with a page that shows its progress and result; without JavaScript.
describe.each(testDatabaseKinds())('the app: bulk changes of prospects, without JavaScript (%s)', (kind) => {
  let server: SettingsServer;
  let context: BrowserContext;
  let page: Page;
  let adaId: string;
  const list = () => `${server.origin}/workspaces/${server.workspaceId}/prospects`;
  const rows = (where: string, params: unknown[] = []) =>
    server.db.query<{ company: string; tags: string[]; owner_id: string | null }>(
      `select company, tags, owner_id from prospects where workspace_id = $1 and ${where} order by company`,
      [server.workspaceId, ...params],
    );
  const shoot = async (name: string, width: 1280 | 390) => {
    if (kind !== 'pglite') return;
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS ?? SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
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
    // 250 leads from Sales Navigator (three batches of the harness's runner) and 3 others.
    const leads = Array.from({ length: 250 }, (_, i) => ({
      company: `Lead ${String(i).padStart(3, '0')}`,
      tags: ['salesnav'],
    }));
    const others = ['Alpha GmbH', 'Beta SA', 'Gamma Ltd'].map((company) => ({ company, tags: ['q4'] }));
    await server.db.transaction((tx) =>
      createProspects(tx, server.workspaceId, [...leads, ...others], new Date()),
    );
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  it('tags all 250 prospects matching the filters through a job that runs to completion', async () => {
    await page.goto(`${list()}?tag=salesnav&per_page=10`);
    await page.getByLabel('All 250 prospects matching the filters').check();
    await page.getByLabel('Change', { exact: true }).selectOption({ label: 'Add a tag' });
    await page.getByLabel('Tag to add or remove').fill('q1-campaign');
    await shoot('prospects-bulk-form', 1280);
    await shoot('prospects-bulk-form', 390);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByText('Changing 250 prospects: add the tag “q1-campaign”.').isVisible(),
    ).resolves.toBe(true);
    await reloadUntil(page, () => page.getByText('Done: 250 prospects changed.').isVisible(), 30_000);
    await expect(page.locator('#bulk-progress-text').textContent()).resolves.toBe(
      '250 of 250 rows done (100%)',
    );
    await shoot('prospects-bulk-job', 1280);
    await shoot('prospects-bulk-job', 390);
    expect(await rows(`'q1-campaign' = any(tags)`)).toHaveLength(250);
    expect(await rows(`not ('salesnav' = any(tags)) and 'q1-campaign' = any(tags)`)).toEqual([]);
    const { data } = await listAudit(server.db, { workspaceId: server.workspaceId });
    expect(
      data.filter((e) => e.action === 'prospects.bulk_changed').map((e) => [e.target_label, e.detail]),
    ).toEqual([['add the tag “q1-campaign”', '250 matching tag=salesnav']]);
  });

  it('sets the owner of the ticked rows only, then removes a tag from them', async () => {
    await page.goto(`${list()}?tag=q4&sort=company_asc`);
    await page.getByLabel('Select Alpha GmbH').check();
    await page.getByLabel('Select Gamma Ltd').check();
    await page.getByLabel('Change', { exact: true }).selectOption({ label: 'Set the owner' });
    await page.getByLabel('New owner').selectOption({ label: 'Ada Owner (ada@acme.example)' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByText('Changing 2 prospects: set the owner to Ada Owner.').isVisible(),
    ).resolves.toBe(true);
    await reloadUntil(page, () => page.getByText('Done: 2 prospects changed.').isVisible());
    expect((await rows('owner_id = $2', [adaId])).map((r) => r.company)).toEqual(['Alpha GmbH', 'Gamma Ltd']);

    await page.goto(`${list()}?tag=q4&owner_id=${adaId}`);
    await page.getByLabel('All 2 prospects matching the filters').check();
    await page.getByLabel('Change', { exact: true }).selectOption({ label: 'Remove a tag' });
    await page.getByLabel('Tag to add or remove').fill('q4');
    await page.getByRole('button', { name: 'Apply' }).click();
    await reloadUntil(page, () => page.getByText('Done: 2 prospects changed.').isVisible());
    expect((await rows(`'q4' = any(tags)`)).map((r) => r.company)).toEqual(['Beta SA']);
  });

  it('says what is missing and changes nothing: no tag typed, no row ticked', async () => {
    const before = await rows('true');
    await page.goto(`${list()}?tag=q4`);
    await page.getByLabel('Select Beta SA').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Type the tag to add or remove.').isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).searchParams.get('tag')).toBe('q4');
    await page.getByLabel('Tag to add or remove').fill('emea');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page
        .getByText('Tick the prospects to change, or choose all prospects matching the filters.')
        .isVisible(),
    ).resolves.toBe(true);
    expect(await rows('true')).toEqual(before);
  });

  it('filters by the workspace’s custom fields from controls of the GET form, then acts on those matches', async () => {
    for (const field of [
      { key: 'seats', label: 'Seats', type: 'number' as const, options: [] },
      { key: 'stage', label: 'Stage', type: 'single_select' as const, options: ['Lead', 'Demo'] },
    ])
      await server.db.transaction((tx) => addCustomField(tx, server.workspaceId, field, new Date()));
    await server.db.query(
      `update prospects set custom_fields = jsonb_build_object('seats', substr(company, 6)::int, 'stage', 'Demo')
       where workspace_id = $1 and company like 'Lead 24%'`,
      [server.workspaceId],
    );
    await page.goto(`${list()}?tag=salesnav`);
    await page.getByLabel('Seats from').fill('245');
    await page.getByLabel('Stage', { exact: true }).selectOption('Demo');
    await page.getByRole('button', { name: 'Search' }).click();
    const url = new URL(page.url());
    expect(url.searchParams.get('custom_fields_gte[seats]')).toBe('245');
    expect(url.searchParams.get('custom_fields[stage]')).toBe('Demo');
    const shown = await page.locator('table.prospects td[data-label="Company"] strong').allTextContents();
    expect(shown).toEqual(['Lead 249', 'Lead 248', 'Lead 247', 'Lead 246', 'Lead 245']);
    await shoot('prospects-custom-field-filters', 1280);
    await shoot('prospects-custom-field-filters', 390);
    await page.getByLabel('All 5 prospects matching the filters').check();
    await page.getByLabel('Tag to add or remove').fill('big');
    await page.getByRole('button', { name: 'Apply' }).click();
    await reloadUntil(page, () => page.getByText('Done: 5 prospects changed.').isVisible());
    expect((await rows(`'big' = any(tags)`)).map((r) => r.company)).toEqual(shown.toReversed());
    await page.goto(`${list()}?custom_fields_gte[stage]=Demo`);
    await expect(page.locator('[id="f-search-error"]').textContent()).resolves.toContain(
      'only number and date fields take a range',
    );
  });

  it('shows a viewer no bulk form, and refuses their POST (403)', async () => {
    await addTestMember(server.db, {
      workspaceId: server.workspaceId,
      email: 'vera@example.com',
      name: 'Vera Viewer',
      role: 'viewer',
    });
    const viewerContext = await browser.newContext({ javaScriptEnabled: false });
    try {
      const viewerPage = await viewerContext.newPage();
      await signIn(viewerPage, server.origin, MEMBER_PASSWORD, 'vera@example.com');
      await viewerPage.goto(list());
      await expect(viewerPage.locator('table.prospects').count()).resolves.toBe(1);
      await expect(viewerPage.locator('form.bulk').count()).resolves.toBe(0);
      await expect(viewerPage.locator('input[name="id"]').count()).resolves.toBe(0);
      const refused = await viewerPage.request.post(`${list()}/bulk`, {
        form: { scope: 'all', action: 'add_tag', tag: 'x', query: '' },
      });
      expect(refused.status()).toBe(403);
    } finally {
      await viewerContext.close();
    }
  });
});
