import { readFile, writeFile } from 'node:fs/promises';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { createPgliteDatabase, dumpPgliteDatabase } from '../db/pglite-database.js';

/**
 * The environment variable naming a template written by {@link writePgliteTemplate}: with it, `openTestDatabase`
 * starts each in-memory PGlite database from that file instead of creating a cluster and migrating it, which
 * is most of the time a test file spends opening one.
 */
export const PGLITE_TEMPLATE_ENV = 'PROSPECTKIT_TEST_PGLITE_TEMPLATE';

/**
 * Writes a new, migrated and empty in-memory PGlite database to `path` (a tar archive of about 40 MB). Write it
 * once per test run, from the current migrations, so no run starts from another run's schema.
 *
 * @param path the file to write
 * @example
 * await writePgliteTemplate('node_modules/.cache/pglite-template.tar');
 */
export async function writePgliteTemplate(path: string): Promise<void> {
  const dump = await dumpPgliteDatabase(migrate);
  await writeFile(path, new Uint8Array(await dump.arrayBuffer()));
}

/**
 * An in-memory PGlite database started from the template at `path`, then migrated (nothing to do unless the
 * template is older than the migrations).
 *
 * @param path a file written by {@link writePgliteTemplate}
 * @returns the database; `close()` it in `afterAll`
 */
export async function openPgliteFromTemplate(path: string): Promise<Database> {
  const db = await createPgliteDatabase(undefined, { loadDataDir: new Blob([await readFile(path)]) });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
