import postgres from 'postgres';
import type { Database, Row, Sql } from './database.js';

/**
 * Opens PostgreSQL through the `postgres` driver.
 *
 * @param url a connection string, e.g. `postgres://postgres@127.0.0.1:5432/test`
 * @param options.max pool size. Default 10.
 * @param options.schema a schema to keep every table in (created when missing; `public` stays on the search
 *   path for extensions). Default: the connection's own search path. Tests use one schema per run.
 * @returns the database, not yet migrated (see `migrate`)
 * @example
 * const db = await createPostgresDatabase(process.env.DATABASE_URL!);
 * await migrate(db);
 */
export async function createPostgresDatabase(
  url: string,
  options: { max?: number; schema?: string } = {},
): Promise<Database> {
  if (options.schema !== undefined) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema))
      throw new RangeError('schema must be a lower-case SQL identifier.');
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create schema if not exists ${options.schema}`);
    } catch (error) {
      // Two processes creating the same schema at once: the loser sees a unique violation; the schema exists.
      if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
      await admin.end();
    }
  }
  const sql = postgres(url, {
    max: options.max ?? 10,
    ...(options.schema !== undefined ? { connection: { search_path: `${options.schema}, public` } } : {}),
    onnotice: () => {},
    // int8 (value_minor, counts) as JS numbers: the contract bounds them to 2^53-1.
    types: {
      bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
    },
  });
  // Every statement is prepared once per connection (parsed and planned once, then only bound and run): the
  // server's statements are fixed text with parameters, so the cache stays small.
  const wrap = (run: postgres.Sql | postgres.TransactionSql): Sql => ({
    query: async <T extends Row>(text: string, params: readonly unknown[] = []) =>
      (await run.unsafe(text, params as postgres.ParameterOrJSON<never>[], {
        prepare: true,
      })) as unknown as T[],
  });
  const root = wrap(sql);
  return {
    kind: 'postgres',
    connection: { url, schema: options.schema },
    query: root.query,
    transaction: async <T>(fn: (tx: Sql) => Promise<T>) => (await sql.begin((tx) => fn(wrap(tx)))) as T,
    listen: async (channel, onNotify) => {
      const subscription = await sql.listen(channel, onNotify);
      return () => subscription.unlisten();
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
