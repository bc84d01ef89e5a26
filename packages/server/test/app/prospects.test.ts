import { EVENT_TYPES } from '@prospectkit/core';
import { prospectRows } from '@prospectkit/fake-data';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProspect } from '../../src/store/prospects.js';
import { createTeammate } from '../../src/store/teammates.js';
import { createWebhook } from '../../src/store/webhooks.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import {
  ambiguousLinks,
  launchBrowser,
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

describe.each(testDatabaseKinds())('the app: prospects in a browser (%s)', (kind) => {
  let server: SettingsServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let context: BrowserContext;
  let page: Page;
  let prospectPath: string;
  let adaId: string;
  const shoot = (name: string) => (kind === 'pglite' ? screenshot(page, name) : Promise.resolve());
  const errorBeside = (name: string) => page.locator(`[id="f-${name}-error"]`).textContent();

  beforeAll(async () => {
    server = await startSettingsServer(kind);
    receiver = await startReceiver();
    await createWebhook(server.db, {
      workspaceId: server.workspaceId,
      url: receiver.url,
      events: EVENT_TYPES,
    });
    adaId = (
      await createTeammate(server.db, {
        workspaceId: server.workspaceId,
        name: 'Ada Owner',
        email: 'owner@acme.example',
      })
    ).id;
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await signIn(page, server.origin);
  });
  afterAll(async () => {
    await context?.close();
    await receiver?.close();
    await server?.close();
  });

  it('shows an empty workspace how to add, import or call the API', async () => {
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/settings`);
    await page.getByRole('link', { name: 'Prospects', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No prospects yet' }).isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Command to add a prospect').inputValue()).toContain(
      `curl -X POST ${server.origin}/api/v1/prospects`,
    );
    expect(await page.getByRole('link', { name: 'Import a CSV file' }).getAttribute('href')).toBe(
      `/workspaces/${server.workspaceId}/imports`,
    );
    await shoot('prospects-empty');
  });

  it('adds a prospect with tags, adding a tag box without script', async () => {
    await page.getByRole('link', { name: 'Add prospect' }).first().click();
    await page.getByLabel('Company').fill('Acme Ltd');
    await page.getByLabel('Domain').fill('acme.example');
    await page.getByLabel('Website').fill('https://acme.example');
    await page.getByLabel('Location').fill('London');
    await page.getByLabel('Contact name').fill('Ada Lovelace');
    await page.getByLabel('Contact email').fill('ada@acme.example');
    await page.getByLabel('Owner').selectOption({ label: 'Ada Owner (owner@acme.example)' });
    await page.getByLabel('Notes').fill('Wants a demo in December.\nPrefers email.');
    await page.getByLabel('Tag 1').fill('enterprise');
    await page.getByRole('button', { name: 'Add another tag' }).click();
    expect(await page.getByLabel('Tag 1').inputValue()).toBe('enterprise');
    expect(await page.getByLabel('Company').inputValue()).toBe('Acme Ltd');
    await page.getByLabel('Tag 2').fill('emea');
    await page.getByRole('button', { name: 'Add prospect' }).click();
    await page.waitForURL(/\/prospects\/prs_[0-9A-Z]{26}$/);
    prospectPath = new URL(page.url()).pathname;
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Prospect added.');
    const tags = await page.locator('dl.facts ul.tags li').allTextContents();
    expect(tags).toEqual(['enterprise', 'emea']);
    // The owner chosen among the teammates is stored by id and shown by name.
    const [stored] = await server.db.query<{ owner_id: string }>(
      'select owner_id from prospects where id = $1',
      [prospectPath.split('/').pop()],
    );
    expect(stored?.owner_id).toBe(adaId);
    await expect(page.locator('dl.facts').textContent()).resolves.toContain('Ada Owner');
  });

  it('shows the API messages beside the fields of an edit and keeps what was typed', async () => {
    await page.getByRole('link', { name: 'Edit prospect' }).click();
    await page.getByLabel('Company').fill('   ');
    // Not an address the form can tidy (a bare `acme.example` becomes https://acme.example): the API's message.
    await page.getByLabel('Website').fill('acme example');
    await page.getByLabel('Contact email').fill('ada-at-acme');
    await page.getByLabel('Tag 2').fill('enterprise');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('There is a problem');
    expect(await errorBeside('company')).toBe('Company is required.');
    expect(await errorBeside('website')).toBe('Website must be a valid URL.');
    expect(await errorBeside('contact_email')).toBe('Contact email must be a valid email address.');
    expect(await page.getByLabel('Contact email').inputValue()).toBe('ada-at-acme');
    expect(await page.getByLabel('Website').inputValue()).toBe('acme example');
    expect(await page.getByLabel('Tag 2').inputValue()).toBe('enterprise');
    await shoot('prospect-edit-errors');

    // Schema-valid now, but a duplicate tag after trimming: core's rule, beside the second tag.
    await page.getByLabel('Company').fill('Acme Holdings');
    await page.getByLabel('Website').fill('https://acme.example');
    await page.getByLabel('Contact email').fill('ada@acme.example');
    await page.getByLabel('Tag 2').fill(' enterprise ');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await errorBeside('tags.1')).toBe('Tag 2 has a duplicate value.');
    await page.getByLabel('Tag 2').fill('emea');
    await page.getByLabel('Company').press('Enter');
    await page.waitForURL((url) => url.pathname === prospectPath);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Acme Holdings');
  });

  it('records an outcome with a meeting time in UTC and a value, and shows the events and their deliveries', async () => {
    await page.getByRole('link', { name: 'Record outcome' }).click();
    await page.getByLabel('Outcome').selectOption('Meeting booked');
    await page.getByLabel('Meeting time (UTC)').fill('2026-12-01T15:00');
    await page.getByLabel('Opportunity value').fill('12500.50');
    await page.getByLabel('Currency').fill('EUR');
    await shoot('prospect-outcome');
    await page.getByRole('button', { name: 'Record outcome' }).click();
    await page.waitForURL((url) => url.pathname === prospectPath);
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Outcome recorded.');
    const [state] = await server.db.query<{ meeting_at: Date; value_minor: string | number }>(
      'select meeting_at, value_minor from prospects where id = $1',
      [prospectPath.split('/').pop()],
    );
    expect(state?.meeting_at.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(Number(state?.value_minor)).toBe(1250050);

    await page.getByRole('link', { name: 'Record outcome' }).click();
    await page.getByLabel('Outcome').selectOption('Won');
    await page.getByRole('button', { name: 'Record outcome' }).click();
    await page.waitForURL((url) => url.pathname === prospectPath);
    const events = page.locator('table', { hasText: 'Events about this prospect' });
    for (const type of ['prospect.created', 'meeting.booked', 'opportunity.won']) {
      await expect(events.getByText(type, { exact: true }).count()).resolves.toBe(1);
    }
    await reloadUntil(page, async () => (await page.locator('ul.deliveries .status.wait').count()) === 0);
    await shoot('prospect-page');
    expect(await page.locator('ul.deliveries .status').allTextContents()).toEqual(Array(7).fill('succeeded'));
    // Seven links to deliveries to one receiver: each names its delivery and event, so no name leads two ways.
    expect(await ambiguousLinks(page)).toEqual([]);
    const history = page.locator('table', { hasText: 'Recorded outcomes' });
    expect(await history.locator('tbody tr').count()).toBe(2);
    await expect(history.textContent()).resolves.toContain('12,500.50 EUR');
    await shoot('prospect-page');
    await page.locator('ul.deliveries a').first().click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Delivery');
  });

  it('lists 60 seeded prospects newest first, with search, page numbers and per-page choice', async () => {
    await server.db.transaction(async (tx) => {
      for (let i = 1; i <= 60; i++) {
        await createProspect(
          tx,
          server.workspaceId,
          {
            company: `Northwind ${String(i).padStart(2, '0')}`,
            contact_name: i % 3 === 0 ? 'Grace Hopper' : 'Alan Turing',
            contact_email: `buyer${i}@northwind.example`,
            tags: i % 4 === 0 ? ['retail', 'emea'] : ['wholesale'],
          },
          new Date(Date.UTC(2030, 0, 1, 0, i)),
        );
      }
    });
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/prospects`);
    await expect(page.locator('p.count').textContent()).resolves.toContain('61 prospects, showing 1–25.');
    const companies = () =>
      page.locator('table.prospects tbody tr td[data-label="Company"] strong').allTextContents();
    expect((await companies()).slice(0, 2)).toEqual(['Northwind 60', 'Northwind 59']);
    await shoot('prospects-list');

    await page.getByRole('link', { name: 'Page 3' }).click();
    expect(await companies()).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `Northwind ${String(10 - i).padStart(2, '0')}`),
      'Acme Holdings',
    ]);
    await page.getByLabel('Per page').selectOption('10');
    await page.getByLabel('Search prospects').fill('grace');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('p.count').textContent()).resolves.toContain(
      '20 prospects match “grace”, showing 1–10.',
    );
    await page.getByRole('link', { name: 'Next' }).click();
    expect(await companies()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Northwind ${String(30 - 3 * i).padStart(2, '0')}`),
    );
    expect(await page.getByLabel('Search prospects').inputValue()).toBe('grace');
    await page.getByLabel('Search prospects').fill('no such prospect');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No prospect matches your search.').isVisible()).resolves.toBe(true);
  });

  it('shows owners by name and keeps the list inside the window at 1280, 1024 and 700 px', async () => {
    const now = new Date(Date.UTC(2031, 0, 1));
    await server.db.transaction(async (tx) => {
      let i = 0;
      for (const row of prospectRows({ seed: 7, count: 25 })) {
        i++;
        // Long unbroken values, as real exports hold: addresses, domains, an owner id from another system.
        await createProspect(
          tx,
          server.workspaceId,
          {
            ...row,
            contact_email:
              i === 1
                ? 'bartholomew.featherstonehaugh-cholmondeley@international-consolidated.example'
                : row.contact_email,
            tags: i === 2 ? ['enterprise-customer-success-priority', 'salesnav-import-2031-q1'] : row.tags,
            owner_id: i === 3 ? 'hubspot-owner-0123456789abcdef0123456789' : i % 2 === 0 ? adaId : null,
          },
          new Date(now.getTime() + i * 60_000),
        );
      }
    });
    await page.goto(`${server.origin}/workspaces/${server.workspaceId}/prospects`);
    const owners = await page.locator('table.prospects td[data-label="Owner"]').allTextContents();
    expect(owners).toContain('Ada Owner');
    expect(owners).toContain('Other owner');
    expect(owners.join(' ')).not.toMatch(/tm_[0-9A-Z]{10}/);
    for (const width of [1280, 1024, 700]) {
      await page.setViewportSize({ width, height: 800 });
      const sizes = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        table: Math.ceil(
          (document.querySelector('table.prospects') as Element).getBoundingClientRect().right,
        ),
      }));
      expect({ width, fits: sizes.page <= sizes.window && sizes.table <= sizes.window }).toEqual({
        width,
        fits: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot('prospects-list-owners');
  });
});
