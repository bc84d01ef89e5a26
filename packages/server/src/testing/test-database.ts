import type { Database } from '../db/database.js';
import { openDatabase } from '../db/open-database.js';
import { openPgliteFromTemplate, PGLITE_TEMPLATE_ENV } from './pglite-template.js';

/**
 * Which databases the tests run on: PGlite always, PostgreSQL when `TEST_DATABASE_URL` is set.
 *
 * @returns `['pglite']`, or `['pglite', 'postgres']` with `TEST_DATABASE_URL`
 * @example
 * describe.each(testDatabaseKinds())('on %s', (kind) => it('opens', async () => openTestDatabase(kind)));
 */
export function testDatabaseKinds(): Array<'pglite' | 'postgres'> {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new schema on `TEST_DATABASE_URL`
 * (dropped by `close()`), so test runs never see each other's rows. PGlite starts from the template file named by
 * `PROSPECTKIT_TEST_PGLITE_TEMPLATE` when it is set (see pglite-template.ts), else from an empty cluster.
 *
 * @param kind `'pglite'` or `'postgres'` (needs `TEST_DATABASE_URL`)
 * @returns the database; `close()` it in `afterAll`
 * @example
 * const db = await openTestDatabase('pglite');
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    return template ? openPgliteFromTemplate(template) : openDatabase({});
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set.');
  const schema = `pk_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await openDatabase({ databaseUrl: url, schema });
  const close = db.close.bind(db);
  return {
    ...db,
    close: async () => {
      await db.query(`drop schema ${schema} cascade`).catch(() => {});
      await close();
    },
  };
}
