import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrations.js';
import { createPostgresDatabase } from '../src/db/postgres-database.js';
import { createProspect, getProspect, listProspects } from '../src/store/prospects.js';
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
