import { unescape as decode } from 'html-escaper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createProspect } from '../../src/store/prospects.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import { type startApp, startWorkspaceApp } from './settings-app.js';
import type { SettingsClient } from './settings-client.js';

// Opening PGlite, migrating and signing in (argon2id) can take a while on a busy two-CPU machine.
vi.setConfig({ hookTimeout: 120_000 });

describe.each(testDatabaseKinds())('the app: the prospect list over HTTP (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let token: string;
  let browser: SettingsClient;
  const base = () => `/workspaces/${workspaceId}/prospects`;
  const api = (method: string, path: string, body?: unknown) =>
    call(`${app.origin}/api/v1`, method, path, { token, ...(body !== undefined ? { body } : {}) });

  /** The error shown beside a field of a page, or `undefined`. */
  const fieldError = (page: string, name: string) => {
    const match = new RegExp(`id="f-${name.replace('.', '\\.')}-error">([^<]*)<`).exec(page);
    return match ? decode(match[1] as string) : undefined;
  };

  beforeAll(async () => {
    ({ db, app, workspaceId, token, browser } = await startWorkspaceApp(kind));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('lists newest first with the API search, page numbers, per-page choice and the total', async () => {
    const other = (await createWorkspace(db, 'Elsewhere')).id;
    await db.transaction(async (tx) => {
      for (let i = 1; i <= 60; i++) {
        const now = new Date(Date.UTC(2030, 0, 1, 0, i));
        await createProspect(
          tx,
          workspaceId,
          {
            company: `Seed ${String(i).padStart(2, '0')}%`,
            contact_name: `Seed_${i % 2 ? 'odd' : 'even'}`,
            contact_email: `seed${i}@seed.example`,
          },
          now,
        );
      }
      await createProspect(tx, other, { company: 'Seed of another workspace' }, new Date());
    });
    for (const search of ['', 'seed 0', '%', '_ODD', 'seed_', 'nothing-matches']) {
      for (const [page, perPage] of [
        [1, 25],
        [3, 25],
        [2, 10],
        [1, 100],
      ] as const) {
        const query = `?search=${encodeURIComponent(search)}&page=${page}&per_page=${perPage}`;
        // The page counts its matches as the API's count=capped does (the API's default counts nothing).
        const viaApi = await api('GET', `/prospects${query}&count=capped`);
        expect(viaApi.status, JSON.stringify(viaApi.body)).toBe(200);
        const listed = await browser.get(`${base()}${query}`);
        expect(listed.status).toBe(200);
        const companies = [
          ...listed.text.matchAll(/<a href="[^"]+\/prospects\/prs_[0-9A-Z]{26}"><strong>([^<]*)<\/strong>/g),
        ].map((m) => decode(m[1] as string));
        expect(companies, query).toEqual(viaApi.body.data.map((p: { company: string }) => p.company));
        if (viaApi.body.meta.total > 0)
          expect(listed.text).toContain(`<strong>${viaApi.body.meta.total}</strong>`);
      }
    }
    const first = await browser.get(`${base()}?per_page=25`);
    expect(first.text).toContain('<strong>Seed 60%</strong>');
    expect(first.text).toMatch(/aria-current="page"><span class="sr-only">Page <\/span>1<\/a>/);
    expect(first.text).toMatch(
      new RegExp(`href="${base()}\\?per_page=25&amp;cursor=[A-Za-z0-9_-]+" rel="next"`),
    );
    const bad = await browser.get(`${base()}?page=0&search=seed`);
    expect(bad.status).toBe(200);
    expect(fieldError(bad.text, 'search')).toBe('Page must be at least 1.');
    for (const [query, apiQuery] of [
      ['search=a%00b', 'search=a%00b'],
      [`search=${'x'.repeat(256)}`, `search=${'x'.repeat(256)}`],
    ]) {
      const viaApi = await api('GET', `/prospects?${apiQuery}`);
      expect(viaApi.status).toBe(422);
      const refused = await browser.get(`${base()}?${query}`);
      expect(refused.status).toBe(200);
      expect(fieldError(refused.text, 'search')).toBe(
        viaApi.body.errors.search[0].replace('The search field', 'Search'),
      );
    }
  });

  it('answers 404 for a prospect of another workspace or a malformed id', async () => {
    const [stranger] = await db.query<{ id: string }>(
      "select id from prospects where company = 'Seed of another workspace'",
    );
    for (const id of [stranger?.id, 'prs_nope', '%00']) {
      const page = await browser.get(`${base()}/${id}`);
      expect(page.status).toBe(404);
      expect((await browser.get(`${base()}/${id}/edit`)).status).toBe(404);
    }
    const refused = await browser.submit(`${base()}/new`, `${base()}/${stranger?.id}/outcomes`, {
      outcome: 'Won',
    });
    expect(refused.status).toBe(404);
  });
});
