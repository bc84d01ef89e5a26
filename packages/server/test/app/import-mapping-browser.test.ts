// The import's mapping step in a browser (issue 27): First Name + Last Name combined into Contact name, a custom
// field created from a column with its type guessed, an existing custom field chosen, the columns left out listed
// and confirmed before the start; at 1280 px the preview's Result column is in view without scrolling the page,
// and the prospects list shows its last column; the add form's warning about an email already here. Screenshots at
// 1280 and 390 px (docs/screenshots/).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCustomField, listCustomFields } from '../../src/store/custom-fields.js';
import { call } from '../http-helpers.js';
import { uploadCsvInBrowser } from './import-upload.js';
import {
  launchBrowser,
  type SettingsServer,
  screenshot,
  signIn,
  startSettingsServer,
} from './settings-harness.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** A HubSpot-like contacts export, wider than the page once every column is mapped. */
const HEADERS = [
  'First Name',
  'Last Name',
  'Email',
  'Company Name',
  'Job Title',
  'Phone Number',
  'Website URL',
  'LinkedIn URL',
  'City',
  'State/Region',
  'Country/Region',
  'Lead Status',
  'Seniority',
  'Fax Number',
];
const row = (first: string, last: string, email: string, company: string, seniority: string) =>
  [
    first,
    last,
    email,
    company,
    'Head of Engineering Operations',
    '+44 20 7946 0958',
    `https://www.${company.toLowerCase().replace(/\W+/g, '')}.example/about-us`,
    `https://www.linkedin.com/in/${first.toLowerCase()}-${last.toLowerCase()}-0123456789`,
    'London',
    'England',
    'GB',
    'Open',
    seniority,
    '+44 20 7946 0000',
  ].join(',');
const CSV = [
  HEADERS.join(','),
  row('Ada', 'Lovelace', 'ada@engines.example', 'Analytical Engines', 'Director'),
  row('Charles', 'Babbage', 'charles@engines.example', 'Analytical Engines', 'VP'),
  row('Grace', 'Hopper', 'grace@navy.example', 'Navy Labs', 'Director'),
  row('Alan', 'Turing', 'alan@bletchley.example', 'Bletchley Park', 'VP'),
].join('\n');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the import mapping step in a browser', () => {
  let server: SettingsServer;
  let context: BrowserContext;
  let page: Page;
  const select = (header: string) => page.getByLabel(header, { exact: true });

  beforeAll(async () => {
    server = await startSettingsServer('pglite');
    await addCustomField(
      server.db,
      server.workspaceId,
      { key: 'lead_status', label: 'Lead status', type: 'single_select', options: ['Open', 'Won'] },
      new Date(),
    );
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  it('combines First + Last into Contact name, creates a field, and asks to confirm the columns left out', async () => {
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/imports`);
    await uploadCsvInBrowser(page, { name: 'hubspot-contacts.csv', csv: CSV });

    await select('First Name').selectOption('contact_name');
    await select('Last Name').selectOption('contact_name');
    await select('Lead Status').selectOption('custom:lead_status');
    await select('Fax Number').selectOption('');
    // A new field's inputs show for the column that creates one, from its header, its type guessed.
    const details = page.locator('[data-new-field="12"]');
    expect(await details.isHidden()).toBe(true);
    await select('Seniority').selectOption('new');
    expect(await details.isVisible()).toBe(true);
    expect(await page.locator('#f-new_12_key').inputValue()).toBe('seniority');
    expect(await page.locator('#f-new_12_type').inputValue()).toBe('single_select');
    await page.locator('#f-new_12_label').fill('Seniority level');

    // The columns left out are listed, and the start needs the box ticked (the browser refuses without it).
    const unmapped = page.locator('#unmapped-list');
    expect(await unmapped.textContent()).toBe('Fax Number');
    const confirm = page.getByLabel('I understand that the columns listed will not be imported');
    expect(await confirm.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);
    const before = page.url();
    await page.getByRole('button', { name: 'Start import' }).click();
    expect(page.url()).toBe(before);

    await page.getByRole('button', { name: 'Refresh preview' }).click();
    await page.waitForLoadState();
    expect(await select('Seniority').inputValue()).toBe('new');
    expect(await page.locator('#f-new_12_label').inputValue()).toBe('Seniority level');
    const preview = page.getByRole('region', { name: /rows as they would be imported/ });
    expect(await preview.getByRole('row', { name: /Ada Lovelace/ }).textContent()).toContain('OK');
    // At 1280 px the Result column is in view, the page does not scroll sideways, the preview scrolls in its box.
    const result = await page.getByRole('columnheader', { name: 'Result' }).boundingBox();
    expect(result).not.toBeNull();
    expect((result?.x ?? 0) + (result?.width ?? 0)).toBeLessThanOrEqual(1280);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(await preview.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await screenshot(page, 'import-mapping-step');

    await confirm.check();
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByRole('heading', { name: 'Import report' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-count="created"]').textContent()).toBe('4');
    expect(await page.locator('[data-count="rejected"]').textContent()).toBe('0');
    await screenshot(page, 'import-report-rows');

    const fields = await listCustomFields(server.db, server.workspaceId);
    expect(fields.map((f) => [f.key, f.label, f.type])).toEqual([
      ['lead_status', 'Lead status', 'single_select'],
      ['seniority', 'Seniority level', 'single_select'],
    ]);
    const token = await server.token();
    const found = await call(server.baseUrl, 'GET', '/prospects?search=ada@engines.example', { token });
    expect(found.body.data[0]).toMatchObject({
      contact_name: 'Ada Lovelace',
      contact_title: 'Head of Engineering Operations',
      custom_fields: { lead_status: 'Open', seniority: 'Director' },
    });
  });

  it('works without JavaScript: a new field from a column, the list left out confirmed, the start', async () => {
    const plain = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    try {
      const tab = await plain.newPage();
      await signIn(tab, server.origin);
      await tab.goto(`${server.origin}/workspaces/${server.workspaceId}/imports`);
      const csv =
        'Company,Email,Region code,Fax\nNo Script Ltd,ns@noscript.example,EU-W,1\nPlain Co,pc@plain.example,EU-W,2\n';
      await uploadCsvInBrowser(tab, { name: 'plain.csv', csv });
      await tab.getByLabel('Region code', { exact: true }).selectOption('new');
      await tab.getByLabel('Fax', { exact: true }).selectOption('');
      // Without the script every new-field box is in the page (closed): the column's own is opened and filled.
      await tab.locator('[data-new-field="2"] summary').click();
      await tab.locator('#f-new_2_label').fill('Sales region');
      // The list shown was made for the mapping the page was rendered with: refresh, then confirm it.
      await tab.getByRole('button', { name: 'Refresh preview' }).click();
      await tab.waitForURL(/\/preview$/);
      expect(await tab.locator('#unmapped-list').textContent()).toBe('Fax');
      await tab.getByLabel('I understand that the columns listed will not be imported').check();
      await tab.getByRole('button', { name: 'Start import' }).click();
      await tab.waitForURL(/\/imports\/imp_[0-9A-Z]+$/);
      const deadline = Date.now() + 60_000;
      while (
        (await tab.getByRole('heading', { name: 'Import report' }).count()) === 0 &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tab.reload();
      }
      expect(await tab.locator('[data-count="created"]').textContent()).toBe('2');
      const fields = await listCustomFields(server.db, server.workspaceId);
      expect(fields.find((f) => f.key === 'region_code')).toMatchObject({
        label: 'Sales region',
        type: 'single_select',
      });
    } finally {
      await plain.close();
    }
  });

  it('warns the add form about an email already here, with a link; tidies a URL typed as the domain', async () => {
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/prospects/new`);
    await page.getByLabel('Company', { exact: true }).fill('Engines EMEA');
    await page.getByLabel('Domain', { exact: true }).fill('https://www.engines.example/');
    await page.getByLabel('Contact email', { exact: true }).fill('ADA@engines.example');
    await page.getByRole('button', { name: 'Add prospect' }).last().click();
    const warning = page.locator('#duplicate-warning');
    await warning.waitFor();
    expect(await warning.getByRole('link').textContent()).toBe('Analytical Engines (Ada Lovelace)');
    // The form says what it changed, and the box holds the tidied value.
    expect(await page.locator('.notice').textContent()).toBe(
      'Domain “https://www.engines.example/” was changed to “engines.example”.',
    );
    expect(await page.getByLabel('Domain', { exact: true }).inputValue()).toBe('engines.example');
    await screenshot(page, 'prospect-add-duplicate-email');
    await warning.getByRole('button', { name: 'Add anyway' }).click();
    await page.waitForURL(/\/prospects\/prs_/);
    expect(await page.locator('.notice').textContent()).toBe('Prospect added.');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Engines EMEA');
  });

  it('shows the prospects list whole at 1280 px (its last column too) and at phone width', async () => {
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/prospects`);
    const main = await page.locator('main').boundingBox();
    const added = await page.getByRole('columnheader', { name: 'Added' }).boundingBox();
    expect((added?.x ?? 0) + (added?.width ?? 0)).toBeLessThanOrEqual(
      (main?.x ?? 0) + (main?.width ?? 0) + 0.5,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
