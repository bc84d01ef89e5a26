import type { Database } from './database.js';
import { migrate } from './migrations.js';
import { createPgliteDatabase } from './pglite-database.js';
import { createPostgresDatabase } from './postgres-database.js';

/** Where the data lives: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir` (in memory when absent). */
export interface DatabaseTarget {
  /** A `postgres://` connection string; when set, PostgreSQL is used. */
  databaseUrl?: string | undefined;
  /** Without `databaseUrl`: PGlite's data directory, or in memory when unset. */
  dataDir?: string | undefined;
  /** PostgreSQL only: keep every table in this schema (tests use one per run). */
  schema?: string | undefined;
  /** PostgreSQL only: connections of the server's own pool (`PROSPECTKIT_DB_POOL_MAX`). Default 10. */
  max?: number | undefined;
}

/**
 * Opens the configured database and brings its schema up to date.
 *
 * @param target - `{ databaseUrl }` for PostgreSQL, else `{ dataDir }` for PGlite (in memory when unset)
 * @param options.migrate apply pending migrations first. Default `true`.
 * @returns the open database
 * @throws {DataDirectoryLockedError} when another process holds PGlite's data directory
 * @example
 * const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '.data' });
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { migrate?: boolean } = {},
): Promise<Database> {
  const db = target.databaseUrl
    ? await createPostgresDatabase(target.databaseUrl, {
        ...(target.schema ? { schema: target.schema } : {}),
        ...(target.max ? { max: target.max } : {}),
      })
    : await createPgliteDatabase(target.dataDir);
  if (options.migrate !== false) {
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return db;
}
