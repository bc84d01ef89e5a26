import { loadConfig, type ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/open-database.js';

/**
 * Runs one command against the configured database (`DATABASE_URL`, else PGlite in `PROSPECTKIT_DATA_DIR`) and
 * closes it afterwards, whether the command succeeded or not.
 */
export async function withDatabase<T>(fn: (db: Database, config: ServerConfig) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env, { serving: false });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await fn(db, config);
  } finally {
    await db.close();
  }
}
