import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getImportJob, listImportJobs } from '../../src/import/index.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import { uploadCsvInBrowser } from './import-upload.js';
import {
  launchBrowser,
  type SettingsServer,
  screenshot,
  signIn,
  startSettingsServer,
} from './settings-harness.js';

// A browser on a busy two-CPU CI machine can be slow; a stuck page still fails, within a few minutes.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Semicolons; "Company name" and "E-mail" need a synonym; "Web" holds domains, "Ort" is German for town. */
const LEADS = [
  'Company name;Web;E-mail;Ort',
  'Acme GmbH;acme.example;anna@acme.example;Berlin',
  'Globex;globex.example;not-an-email;Paris',
  'Initech;initech.example;bill@initech.example;Austin',
  'Umbrella;umbrella.example;ada@umbrella.example;Raccoon City',
].join('\n');

/** `rows` prospects, one per line, enough for an import to be cancelled half way. */
const manyRows = (rows: number) =>
  `company,domain\n${Array.from({ length: rows }, (_, i) => `Company ${i},c${i}.example`).join('\n')}\n`;

describe.each(testDatabaseKinds())('CSV import in a browser (%s)', (kind) => {
  let server: SettingsServer;
  let context: BrowserContext;
  let page: Page;
  const shoot = (name: string) => (kind === 'pglite' ? screenshot(page, name) : Promise.resolve());
  const importsUrl = () => `${server.origin}/workspaces/${server.workspaceId}/imports`;

  beforeAll(async () => {
    server = await startSettingsServer(kind);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  it('uploads a semicolon file, maps its columns with a preview, imports it and offers the report', async () => {
    // A prospect already in the workspace, so the import finds a duplicate (the same contact email).
    const token = await server.token();
    expect(
      (
        await call(server.baseUrl, 'POST', '/prospects', {
          token,
          body: { company: 'Initech', domain: 'initech.example', contact_email: 'bill@initech.example' },
        })
      ).status,
    ).toBe(201);

    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Import prospects');
    await expect(page.getByText('No imports yet.').count()).resolves.toBe(1);
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(LEADS) });
    await shoot('import-upload');
    await page.getByRole('button', { name: 'Upload and map columns' }).click();

    await page.waitForURL(/\/imports\/imp_/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Map columns');
    await expect(page.getByText('Semicolon (;)').count()).resolves.toBe(1);
    expect(await page.getByLabel('Company name', { exact: true }).inputValue()).toBe('company');
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('contact_email');
    expect(await page.getByLabel('Ort', { exact: true }).inputValue()).toBe('');
    // Fix the mapping: "Web" holds domains, and "Ort" the town.
    await page.getByLabel('Web', { exact: true }).selectOption('domain');
    await page.getByLabel('Ort', { exact: true }).selectOption('location');
    await page.getByRole('button', { name: 'Refresh preview' }).click();
    await page.waitForLoadState();
    expect(await page.getByLabel('Web', { exact: true }).inputValue()).toBe('domain');
    // The preview's rows (the table of columns shows an example of each column too).
    const preview = page.getByRole('region', { name: /rows as they would be imported/ });
    const globex = preview.getByRole('row', { name: /Globex/ });
    expect(await globex.textContent()).toContain('Will be rejected');
    expect(await globex.locator('td.invalid .field-error').count()).toBe(1);
    expect(await preview.getByRole('row', { name: /Initech/ }).textContent()).toContain('Duplicate');
    expect(await preview.getByRole('row', { name: /Acme GmbH/ }).textContent()).toContain('OK');

    // With nothing mapped to Company, Start import is disabled (by the page script at once).
    const start = page.getByRole('button', { name: 'Start import' });
    await page.getByLabel('Company name', { exact: true }).selectOption('');
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel('Company name', { exact: true }).selectOption('company');
    expect(await start.isDisabled()).toBe(false);
    await page.getByLabel('Skip them').check();
    // The preview's scroll box is a named stop of the tab order, so a keyboard can scroll it.
    await preview.focus();
    expect(await preview.evaluate((box) => box === document.activeElement && box.tabIndex === 0)).toBe(true);
    await shoot('import-mapping');
    await start.click();

    await page.getByRole('heading', { name: 'Import report' }).waitFor({ timeout: 60_000 });
    await expect(page.getByText('Import finished').count()).resolves.toBe(1);
    expect(await page.locator('[data-count="created"]').textContent()).toBe('2');
    expect(await page.locator('[data-count="skipped"]').textContent()).toBe('1');
    expect(await page.locator('[data-count="rejected"]').textContent()).toBe('1');
    expect(await page.locator('#import-progress').getAttribute('value')).toBe('4');
    const rejected = page.getByRole('row', { name: /not-an-email|E-mail/ });
    expect(await rejected.textContent()).toMatch(/^\s*3\s*E-mail/);
    await shoot('import-report');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download report (CSV)' }).click(),
    ]);
    const report = await readFile((await download.path()) as string, 'utf8');
    expect(report).toMatch(/^line,column,reason,outcome,prospect_id\r\n3,E-mail,/);
    expect(report).toContain('2 created, 0 updated, 1 skipped as duplicates, 1 rejected');

    const listed = await call(server.baseUrl, 'GET', '/prospects?limit=100', { token });
    const companies = (listed.body.data as Array<{ company: string }>).map((p) => p.company).sort();
    expect(companies).toEqual(['Acme GmbH', 'Initech', 'Umbrella']);
    // The skipped row names the prospect it matched, with a link to it.
    // Each kind of line in its own table: one rejected, one skipped.
    expect(await page.locator('#report-rejected tbody tr').count()).toBe(1);
    expect(await page.locator('#report-skipped tbody tr').count()).toBe(1);
    const skipped = page.locator('#report-skipped');
    expect(await skipped.getByRole('row', { name: /^\s*4/ }).textContent()).toMatch(/same contact email/);
    expect(await skipped.getByRole('link').textContent()).toBe('Initech');
    await skipped.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Initech');
    await page.goBack();
    // The count opens exactly the prospects this import created (docs/importing.md, "The report").
    await page.getByRole('link', { name: '2 prospects were imported' }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Imported prospects');
    expect(await page.locator('#imported-prospects tbody tr').count()).toBe(2);
    await shoot('import-prospects');
    await page.goBack();
  });

  it('lists the import with its status below the upload form', async () => {
    await page.getByRole('link', { name: 'Import another file' }).click();
    const row = page.getByRole('row', { name: /leads\.csv/ });
    expect(await row.textContent()).toContain('Finished');
    expect(await row.textContent()).toContain('2 created of 4');
  });

  it('follows a large import live, cancels it half way, and states what was imported', async () => {
    await page.goto(importsUrl());
    await uploadCsvInBrowser(page, { name: 'many.csv', csv: manyRows(50_000) });
    await page.getByLabel('Create them anyway').check();
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByRole('heading', { name: 'Importing prospects' }).waitFor();
    const jobId = page.url().split('/').pop() as string;
    // Screen readers hear each quarter done, not every answer: count what the live region says.
    await page.evaluate(() => {
      const region = document.querySelector('[role="status"][aria-live]') as Element;
      const said: string[] = [];
      new MutationObserver(() => {
        said.push(region.textContent ?? '');
        sessionStorage.setItem('said', JSON.stringify(said));
      }).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    // The page script updates the bar without a reload, from the job's JSON.
    await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) > 0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Importing prospects');
    // Without JavaScript nothing reloads the page by itself (WCAG 2.2.4): a link refreshes it.
    expect(await page.content()).not.toContain('http-equiv="refresh"');
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect(await (await fetch(page.url(), { headers: { cookie } })).text()).toContain(
      'Refresh the progress</a>',
    );
    expect(await page.locator('#cancel-hint').textContent()).toContain('Prospects already imported stay');
    await shoot('import-progress');
    await page.getByRole('button', { name: 'Cancel import' }).click();

    await page.getByRole('heading', { name: 'Import report' }).waitFor({ timeout: 60_000 });
    const job = await getImportJob(server.db, { workspaceId: server.workspaceId, jobId });
    expect(job?.status).toBe('cancelled');
    // While it ran (an answer a second), the live region spoke at each quarter done at most, never every answer.
    const said = JSON.parse(await page.evaluate(() => sessionStorage.getItem('said') ?? '[]')) as string[];
    expect(said.length).toBeLessThanOrEqual(3);
    for (const words of said) expect(words).toMatch(/^\d+% done$/);
    const created = job?.created_count ?? 0;
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThan(50_000);
    const stated = `${created.toLocaleString('en-US')} prospects were imported`;
    await expect(page.getByText(/Import cancelled/).textContent()).resolves.toContain(stated);
    expect(await page.locator('[data-count="created"]').textContent()).toBe(created.toLocaleString('en-US'));
    await shoot('import-cancelled');

    // What was imported stays: the prospects are there, and the count does not change on a reload.
    const [stored] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from prospects where workspace_id = $1 and company like 'Company %'`,
      [server.workspaceId],
    );
    expect(stored?.n).toBe(created);
    await page.reload();
    await expect(page.getByText(/Import cancelled/).textContent()).resolves.toContain(stated);
  });
});

describe('CSV import over the size limit', () => {
  let server: SettingsServer;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startSettingsServer('pglite', { importMaxBytes: 1024 * 1024 });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  it('shows the limit beside the file field and keeps nothing', async () => {
    const page = await context.newPage();
    await signIn(page, server.origin);
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/imports`);
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(manyRows(60_000)) });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Upload and map columns' }).click(),
    ]);
    expect(answer.status()).toBe(413);
    const error = await page.locator('.field-error').textContent();
    expect(error).toMatch(/larger than the 1 MiB/);
    expect(await page.getByLabel('CSV file').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').textContent()).toContain(error as string);
    expect(await listImportJobs(server.db, { workspaceId: server.workspaceId })).toEqual([]);
    await screenshot(page, 'import-too-large');
  });
});
