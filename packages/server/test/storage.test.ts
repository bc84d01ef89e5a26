import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../src/db/migrations.js';
import { createPostgresDatabase } from '../src/db/postgres-database.js';
import { createApiToken, MAX_TOKEN_LIFETIME_MS } from '../src/store/api-tokens.js';
import { createProspect, listProspects } from '../src/store/prospects.js';
import { createWorkspace } from '../src/store/workspaces.js';

describe.each(testDatabaseKinds())('storage on %s', (kind) => {
  it('keeps the unfiltered total exact under concurrent creates, per workspace (count shards)', async () => {
    const db = await openTestDatabase(kind);
    try {
      const a = await createWorkspace(db, 'A');
      const b = await createWorkspace(db, 'B');
      const now = new Date('2026-11-22T00:00:00Z');
      const create = (workspaceId: string, i: number) =>
        db.transaction((tx) => createProspect(tx, workspaceId, { company: `C${i}` }, now));
      await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => create(a.id, i)),
        ...Array.from({ length: 7 }, (_, i) => create(b.id, i)),
      ]);
      const listed = async (workspaceId: string) =>
        (await listProspects(db, workspaceId, { limit: 5, offset: 0 })).total;
      expect([await listed(a.id), await listed(b.id)]).toEqual([40, 7]);
      const [{ shards } = { shards: 0 }] = await db.query<{ shards: number }>(
        'select count(*)::int as shards from prospect_counts where workspace_id = $1',
        [a.id],
      );
      expect(shards).toBeGreaterThan(1);
      // A search counts its matches whatever page is asked for, past the last included.
      const searched = await listProspects(db, a.id, { search: 'c1', limit: 5, offset: 100 });
      expect(searched).toEqual({ data: [], total: 11 });
    } finally {
      await db.close();
    }
  });

  it('token expiry is required to be in the future and at most one year away', async () => {
    const db = await openTestDatabase(kind);
    try {
      const { id } = await createWorkspace(db, 'W');
      const now = new Date('2026-11-22T00:00:00Z');
      const make = (ms: number) =>
        createApiToken(db, {
          workspaceId: id,
          name: 't',
          abilities: ['prospects:read'],
          expiresAt: new Date(now.getTime() + ms),
          now,
        });
      await expect(make(MAX_TOKEN_LIFETIME_MS + 1)).rejects.toThrow('at most one year');
      await expect(make(0)).rejects.toThrow('in the future');
      await expect(
        createApiToken(db, {
          workspaceId: id,
          name: 't',
          abilities: [],
          expiresAt: new Date(now.getTime() + 1000),
          now,
        }),
      ).rejects.toThrow('at least one ability');
      const { token, record } = await make(MAX_TOKEN_LIFETIME_MS);
      const stored = await db.query('select token_hash from api_tokens where id = $1', [record.id]);
      expect(JSON.stringify(stored)).not.toContain(token);
    } finally {
      await db.close();
    }
  });

  it('search has its indexes: stored words in GIN, email and domain prefixes in btree led by workspace_id', async () => {
    const db = await openTestDatabase(kind);
    try {
      const indexes = await db.query<{ indexname: string; indexdef: string }>(
        "select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'prospects' and indexname like 'prospects_%' order by indexname",
      );
      const byName = Object.fromEntries(indexes.map((i) => [i.indexname, i.indexdef]));
      expect(byName.prospects_search_words).toMatch(/USING gin \(search_words\)/);
      // A stored generated column: a lossy bitmap's recheck reads it instead of splitting the text again.
      const [column] = await db.query<{ is_generated: string; generation_expression: string }>(
        "select is_generated, generation_expression from information_schema.columns where table_schema = current_schema() and table_name = 'prospects' and column_name = 'search_words'",
      );
      expect(column?.is_generated).toBe('ALWAYS');
      expect(column?.generation_expression).toContain('regexp_split_to_array');
      expect(byName.prospects_contact_email_prefix).toContain('text_pattern_ops');
      expect(byName.prospects_domain_prefix).toContain('text_pattern_ops');
      expect(byName.prospects_search_trgm).toBeUndefined();
    } finally {
      await db.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('several instances starting at once migrate exactly once', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `pk_mig_${Date.now().toString(36)}`;
    const instances = await Promise.all(
      [1, 2, 3, 4].map(() => createPostgresDatabase(url, { schema, max: 2 })),
    );
    try {
      const applied = await Promise.all(instances.map((db) => migrate(db)));
      expect(applied.flat().sort()).toEqual(MIGRATIONS.map((m) => m.version).sort());
      const rows = await instances[0]?.query('select version from schema_migrations order by version');
      expect(rows?.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      await instances[0]?.query(`drop schema ${schema} cascade`);
      for (const db of instances) await db.close();
    }
  });
});

describe('Database.openPool', () => {
  it('is absent on PGlite, which has one connection', async () => {
    const db = await openTestDatabase('pglite');
    try {
      expect(db.openPool).toBeUndefined();
    } finally {
      await db.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'opens a pool of its own on the same PostgreSQL schema, named and with its session settings',
    async () => {
      const db = await openTestDatabase('postgres');
      const pool = db.openPool?.({
        max: 1,
        applicationName: 'prospectkit-test-pool',
        settings: { enable_seqscan: 'off' },
      });
      try {
        await createWorkspace(db, 'Pooled');
        const [row] = (await pool?.query(
          `select (select name from workspaces limit 1) as name, current_setting('application_name') as app,
             current_setting('enable_seqscan') as seqscan`,
        )) ?? [undefined];
        expect(row).toEqual({ name: 'Pooled', app: 'prospectkit-test-pool', seqscan: 'off' });
        const updated = await pool?.execute(`update workspaces set name = name where name = $1`, ['Pooled']);
        expect(updated).toEqual({ rows: [], rowCount: 1 });
      } finally {
        await pool?.close();
        await db.close();
      }
    },
  );
});
