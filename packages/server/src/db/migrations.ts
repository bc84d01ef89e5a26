import type { Database } from './database.js';
import { MIGRATIONS } from './schema/index.js';

export { MIGRATIONS };

/** Advisory lock key held while migrating, so several instances can start at once and migrate once. */
const MIGRATION_LOCK_KEY = 7_301_990_117;

/**
 * Applies every migration not yet applied, under a transaction-scoped advisory lock.
 *
 * @param options.through apply the migrations up to this version only, as an earlier release would have
 *   (upgrade tests). Default: all of them
 * @returns the versions applied by this call (empty when the schema was current)
 * @example
 * const applied = await migrate(db); // e.g. [1, 2, 3] on a new database, [] after
 */
export async function migrate(db: Database, options: { through?: number } = {}): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
    );
    const applied: number[] = [];
    for (const migration of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version) || migration.version > (options.through ?? Number.POSITIVE_INFINITY))
        continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await migration.run?.(tx);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/** Splits a migration into statements (the extended protocol runs one at a time). No `;` inside literals here. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s !== '');
}
