import { API_VERSION, newId, prospectContractIssues } from '@prospectkit/core';
import ajv2020 from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { unescape as decode } from 'html-escaper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateApiToken, hashApiToken } from '../src/auth/api-token.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrations.js';
import { openDatabase } from '../src/db/open-database.js';
import { v18 } from '../src/db/schema/v18-contact-parts-location-parts-custom-fields.js';
import { ADD_TO_PROSPECT_COUNT } from '../src/store/prospect-counts.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { startTestServer, testDatabaseKinds } from '../src/testing/index.js';
import { PASSWORD, startApp } from './app/settings-app.js';
import { SettingsClient } from './app/settings-client.js';
import { call } from './http-helpers.js';

// Opening PGlite, migrating twice and signing in (argon2id) can take a while on a busy two-CPU machine.
vi.setConfig({ hookTimeout: 120_000 });

/** The first contract's `Website` (commit cdc3e97), which the servers of migrations 1 to 13 held input to. */
const OLD_WEBSITE = {
  type: ['string', 'null'],
  format: 'uri',
  maxLength: 2048,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
};
const ajv = new ajv2020.default({ strict: false });
ajvFormats.default(ajv, { mode: 'full' });
const validThen = ajv.compile(OLD_WEBSITE);

/** Websites an earlier server stored, valid then and not now, and the notes each prospect had. */
const STORED = [
  { company: 'Bare Scheme Ltd', website: 'https://', notes: null },
  { company: 'Port Only Ltd', website: 'https://:80', notes: 'Met at the fair.' },
  { company: 'Query Only Ltd', website: 'https://?x', notes: null },
  { company: 'User Only Ltd', website: 'https://ada@/', notes: null },
  { company: 'Big Port Ltd', website: 'https://bigport.example:99999', notes: null },
];

/** A database as an earlier release left it: migrations 1 to 13 only, on PGlite or a new PostgreSQL schema. */
async function openOldDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') {
    const db = await openDatabase({}, { migrate: false });
    await migrate(db, { through: 13 });
    return db;
  }
  const schema = `pk_upgrade_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema }, { migrate: false });
  await migrate(db, { through: 13 });
  const close = db.close.bind(db);
  return {
    ...db,
    close: async () => {
      await db.query(`drop schema ${schema} cascade`).catch(() => {});
      await close();
    },
  };
}

describe.each(testDatabaseKinds())('upgrading a database of migrations 1-13 (%s)', (kind) => {
  let db: Database;
  let workspaceId: string;
  const ids = new Map<string, string>();
  let validId: string;
  const before = new Date('2026-11-20T10:00:00Z');

  beforeAll(async () => {
    db = await openOldDatabase(kind);
    workspaceId = (await createWorkspace(db, 'Old data')).id;
    // As the earlier server wrote them: migration 13's columns (not today's store, which writes later ones), with
    // the values its contract let through, and the workspace's count as its store kept it.
    const rows = [{ company: 'Valid Ltd', website: 'https://valid.example', notes: null }, ...STORED];
    const created: string[] = [];
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const id = newId('prospect', before.getTime());
        await tx.query(
          `insert into prospects (id, workspace_id, company, website, notes, tags, created_at, updated_at)
           values ($1, $2, $3, $4, $5, '{}', $6, $6)`,
          [id, workspaceId, row.company, row.website, row.notes, before],
        );
        created.push(id);
      }
      await tx.query(ADD_TO_PROSPECT_COUNT, [workspaceId, 0, rows.length]);
    });
    validId = created[0] as string;
    for (const [i, stored] of STORED.entries()) ids.set(stored.website, created[i + 1] as string);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("the planted websites were valid under the first contract and are not under today's", () => {
    for (const { website } of STORED) {
      expect([website, validThen(website)]).toEqual([website, true]);
      const issues = prospectContractIssues({
        id: 'prs_01JD0000000000000000000000',
        company: 'X',
        domain: null,
        website,
        location: null,
        contact_name: null,
        contact_email: null,
        contact_first_name: null,
        contact_last_name: null,
        contact_title: null,
        contact_phone: null,
        contact_profile_url: null,
        city: null,
        region: null,
        country: null,
        custom_fields: {},
        notes: null,
        tags: [],
        owner_id: null,
        outcome: null,
        created_at: before.toISOString(),
        updated_at: before.toISOString(),
      });
      expect([website, issues.map((i) => i.path[0])]).toEqual([website, ['website']]);
    }
  });

  it('before the upgrade, such a row makes GET by id, the list and search answer 500 (the bug)', async () => {
    // Today's store reads the columns of migration 18; add them (it adds them only if missing), so that the
    // 500s below come from the stored website alone.
    for (const statement of v18.sql.split(/;\s*\n/).filter((s) => s.trim() !== '')) await db.query(statement);
    const server = await startTestServer({ db });
    try {
      // A token as migration 13's table holds it (today's store writes columns of later migrations).
      const token = generateApiToken();
      await db.query(
        `insert into api_tokens (id, workspace_id, name, token_hash, abilities, expires_at, created_at)
         values ('tok_01JD0000000000000000000000', $1, 'old', $2, $3, now() + interval '1 day', now())`,
        [workspaceId, hashApiToken(token), ['prospects:read', 'prospects:write', 'outcomes:write']],
      );
      // The valid row answers: the 500s below come from the stored website, not from the old schema.
      expect((await call(server.baseUrl, 'GET', `/prospects/${validId}`, { token })).status).toBe(200);
      const id = ids.get('https://') as string;
      expect((await call(server.baseUrl, 'GET', `/prospects/${id}`, { token })).status).toBe(500);
      expect((await call(server.baseUrl, 'GET', '/prospects', { token })).status).toBe(500);
      expect((await call(server.baseUrl, 'GET', '/prospects?search=bare', { token })).status).toBe(500);
    } finally {
      await server.close();
    }
  });

  describe('after migration 14', () => {
    let server: Awaited<ReturnType<typeof startTestServer>>;
    let token: string;
    const api = (method: string, path: string, body?: unknown) =>
      call(server.baseUrl, method, path, { token, ...(body !== undefined ? { body } : {}) });

    beforeAll(async () => {
      // Migration 14 first, then the ones after it.
      expect((await migrate(db))[0]).toBe(14);
      server = await startTestServer({ db });
      token = await server.token({ workspaceId });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('every endpoint answers with the contract: GET by id, HEAD, the list, search', async () => {
      for (const { website, notes } of STORED) {
        const got = await api('GET', `/prospects/${ids.get(website)}`);
        expect(got.status).toBe(200);
        expect(got.headers.get('api-version')).toBe(API_VERSION);
        expect(got.body.website).toBeNull();
        const line = `Website removed on upgrade, not a valid URL: ${website}`;
        expect(got.body.notes).toBe(notes === null ? line : `${notes}\n${line}`);
        expect(Date.parse(got.body.updated_at)).toBeGreaterThan(before.getTime());
        expect((await api('HEAD', `/prospects/${ids.get(website)}`)).status).toBe(200);
      }
      const valid = await api('GET', `/prospects/${validId}`);
      expect(valid.body).toMatchObject({ website: 'https://valid.example', notes: null });
      expect(valid.body.updated_at).toBe(before.toISOString());
      const list = await api('GET', '/prospects?per_page=100');
      expect(list.status).toBe(200);
      expect(list.body.meta.total).toBe(STORED.length + 1);
      const search = await api('GET', '/prospects?search=bare');
      expect(search.status).toBe(200);
      expect(search.body.data.map((p: { id: string }) => p.id)).toEqual([ids.get('https://')]);
    });

    it('PATCH on a repaired prospect answers 200 with the change', async () => {
      const patched = await api('PATCH', `/prospects/${ids.get('https://:80')}`, { tags: ['upgraded'] });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ website: null, tags: ['upgraded'] });
    });

    it('keeps every original whole in prospect_repairs', async () => {
      const rows = await db.query<{
        prospect_id: string;
        field: string;
        original: string;
        migration: number;
      }>(
        'select prospect_id, field, original, migration from prospect_repairs where workspace_id = $1 order by id',
        [workspaceId],
      );
      expect(rows.map((r) => [r.prospect_id, r.field, r.original, r.migration]).sort()).toEqual(
        STORED.map(({ website }) => [ids.get(website), 'website', website, 14]).sort(),
      );
    });

    it("the app's prospect pages show them: the list, a prospect's page and its edit form", async () => {
      const app = await startApp(db);
      try {
        const browser = new SettingsClient(app.origin);
        await browser.signIn(PASSWORD);
        const base = `/workspaces/${workspaceId}/prospects`;
        const list = await browser.get(base);
        expect(list.status).toBe(200);
        for (const { company } of STORED) expect(decode(list.text)).toContain(company);
        const id = ids.get('https://?x') as string;
        const page = await browser.get(`${base}/${id}`);
        expect(page.status).toBe(200);
        expect(decode(page.text)).toContain('Website removed on upgrade, not a valid URL: https://?x');
        const edit = await browser.get(`${base}/${id}/edit`);
        expect(edit.status).toBe(200);
        const saved = await browser.submit(`${base}/${id}/edit`, `${base}/${id}`, {
          company: 'Query Only Ltd',
          notes: 'Checked after the upgrade.',
        });
        expect([saved.status, saved.location]).toEqual([303, `${base}/${id}`]);
      } finally {
        await app.close();
      }
    });

    it('running the migrations again changes nothing', async () => {
      expect(await migrate(db)).toEqual([]);
      const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
        'select count(*)::int as count from prospect_repairs',
      );
      expect(count).toBe(STORED.length);
    });
  });
});
