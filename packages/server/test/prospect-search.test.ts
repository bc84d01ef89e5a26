import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrations.js';
import { createPostgresDatabase } from '../src/db/postgres-database.js';
import { SEARCH_FETCH_ALL_MAX, searchProspects } from '../src/store/prospect-search.js';
import { createProspect, createProspects, getProspect, listProspects } from '../src/store/prospects.js';
import { createWorkspace } from '../src/store/workspaces.js';

// docs/architecture.md, Search: a search is planned for its own term, never by the generic plan PostgreSQL
// keeps for a prepared statement after five runs; other statements stay prepared.
describe.runIf(process.env.TEST_DATABASE_URL)('search statements on PostgreSQL', () => {
  it('are planned for each term, not prepared, while a read by id is prepared', async () => {
    const schema = `pk_plan_${Date.now().toString(36)}`;
    // One connection, so pg_prepared_statements shows every statement this test ran.
    const db = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, { schema, max: 1 });
    try {
      await migrate(db);
      const workspaceId = (await createWorkspace(db, 'Plans')).id;
      const ada = await db.transaction((tx) =>
        createProspect(
          tx,
          workspaceId,
          { company: 'Acme', domain: 'acme.example', contact_email: 'ada@acme.example' },
          new Date(),
        ),
      );
      for (const search of ['acme', 'ada@acme', 'acme.example', 'nothing']) {
        for (let run = 0; run < 6; run++) {
          const { total } = await listProspects(db, workspaceId, { search, limit: 25, offset: 0 });
          expect(total).toBe(search === 'nothing' ? 0 : 1);
        }
      }
      expect((await getProspect(db, workspaceId, ada.id))?.company).toBe('Acme');
      const statements = (
        await db.query<{ statement: string }>('select statement from pg_prepared_statements')
      ).map((row) => row.statement);
      expect(statements.some((s) => s.includes('and id = $2'))).toBe(true);
      expect(statements.filter((s) => s.includes('search_words') || s.includes('~>=~'))).toEqual([]);
    } finally {
      await db.query(`drop schema ${schema} cascade`);
      await db.close();
    }
  });
});

// Up to SEARCH_FETCH_ALL_MAX matches one statement counts and pages them; past it, a count and a page. Both
// ways give the same exact total and the same newest-first pages, up to and past the last page.
describe.each(testDatabaseKinds())('searchProspects around its one-statement limit on %s', (kind) => {
  it('gives exact totals and newest-first pages on both sides of the limit', {
    timeout: 120_000,
  }, async () => {
    const db = await openTestDatabase(kind);
    try {
      const workspaceId = (await createWorkspace(db, 'Around')).id;
      const at = Date.parse('2026-01-01T00:00:00Z');
      // `near` matches exactly the limit, `past` one more; each prospect a second newer than the one before.
      for (const [word, count] of [
        ['near', SEARCH_FETCH_ALL_MAX],
        ['past', SEARCH_FETCH_ALL_MAX + 1],
      ] as const) {
        for (let i = 0; i < count; i += 500) {
          const inputs = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
            company: `${word} ${String(i + j).padStart(5, '0')}`,
          }));
          await db.transaction((tx) =>
            createProspects(
              tx,
              workspaceId,
              inputs,
              new Date(at + (word === 'past' ? 10_000_000 : 0) + i * 1000),
            ),
          );
        }
      }
      for (const [word, count] of [
        ['near', SEARCH_FETCH_ALL_MAX],
        ['past', SEARCH_FETCH_ALL_MAX + 1],
      ] as const) {
        const first = await searchProspects(db, workspaceId, { search: word, limit: 3, offset: 0 });
        expect(first.total).toBe(count);
        expect(first.data).toHaveLength(3);
        const dates = first.data.map((p) => p.created_at);
        expect(dates).toEqual([...dates].sort().reverse());
        expect(first.data.every((p) => p.company.startsWith(`${word} `))).toBe(true);
        const last = await searchProspects(db, workspaceId, { search: word, limit: 3, offset: count - 1 });
        expect(last).toMatchObject({
          total: count,
          data: [expect.objectContaining({ company: expect.any(String) })],
        });
        expect(await searchProspects(db, workspaceId, { search: word, limit: 3, offset: count })).toEqual({
          data: [],
          total: count,
        });
      }
      expect(await searchProspects(db, workspaceId, { search: 'nowhere', limit: 3, offset: 0 })).toEqual({
        data: [],
        total: 0,
      });
    } finally {
      await db.close();
    }
  });
});
