import type { Sql } from 'postgres';

/** Default name of the dedupe table. */
export const DEFAULT_DEDUPE_TABLE = 'prospectkit_webhook_dedupe';

const NAME = /^[a-z_][a-z0-9_]{0,62}(\.[a-z_][a-z0-9_]{0,62})?$/;

/**
 * Checks a table name (`table` or `schema.table`, lower case letters, digits and `_`) and quotes it.
 *
 * @throws {TypeError} when the name has any other character
 */
export function quoteTableName(table: string): string {
  if (!NAME.test(table)) {
    throw new TypeError(
      `[@prospectkit/webhooks] The dedupe table name must be "table" or "schema.table" in lower case letters, digits and _, at most 63 characters each.`,
    );
  }
  return table
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
}

/**
 * The SQL that creates the dedupe table and its index, for your migrations. Idempotent (`IF NOT EXISTS`).
 *
 * ```sql
 * CREATE TABLE IF NOT EXISTS "prospectkit_webhook_dedupe" (
 *   id text PRIMARY KEY,
 *   expires_at timestamptz NOT NULL
 * );
 * CREATE INDEX IF NOT EXISTS "prospectkit_webhook_dedupe_expires_at_idx" ON "prospectkit_webhook_dedupe" (expires_at);
 * ```
 *
 * @param table - `table` or `schema.table`. Default `'prospectkit_webhook_dedupe'`.
 * @returns two SQL statements, separated by `;`
 * @throws {TypeError} when `table` is not a plain lower-case name
 * @example
 * await writeFile('migrations/0007_webhook_dedupe.sql', dedupeTableSql());
 * @see {@link createDedupeTable} to run it
 */
export function dedupeTableSql(table: string = DEFAULT_DEDUPE_TABLE): string {
  const quoted = quoteTableName(table);
  const index = `"${table.split('.').pop()}_expires_at_idx"`;
  return [
    `CREATE TABLE IF NOT EXISTS ${quoted} (\n  id text PRIMARY KEY,\n  expires_at timestamptz NOT NULL\n);`,
    `CREATE INDEX IF NOT EXISTS ${index} ON ${quoted} (expires_at);`,
  ].join('\n');
}

/**
 * Creates the dedupe table and its index if they do not exist (runs {@link dedupeTableSql}).
 *
 * @param sql - a `postgres` client, `postgres(process.env.DATABASE_URL)`
 * @param options - `{ table = 'prospectkit_webhook_dedupe' }`
 * @throws {TypeError} when `table` is not a plain lower-case name
 * @throws the driver's error when the statement fails (no permission, no connection)
 * @example
 * const sql = postgres(process.env.DATABASE_URL!);
 * await createDedupeTable(sql);
 * const dedupe = new PostgresDedupeStore({ sql });
 * @see {@link PostgresDedupeStore}
 */
export async function createDedupeTable(sql: Sql, options: { table?: string } = {}): Promise<void> {
  await sql.unsafe(dedupeTableSql(options.table));
}
