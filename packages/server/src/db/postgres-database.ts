import postgres from 'postgres';
import type { Database, Pool, PoolOptions, PoolUse, QueryOptions, Row, Sql } from './database.js';

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
  const { schema } = options;
  if (schema !== undefined) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
      throw new RangeError('schema must be a lower-case SQL identifier.');
    const admin = connect(url, { max: 1 });
    try {
      await admin.unsafe(`create schema if not exists ${schema}`);
    } catch (error) {
      // Two processes creating the same schema at once: the loser sees a unique violation; the schema exists.
      if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
      await admin.end();
    }
  }
  const max = options.max ?? 10;
  // Named, as every pool of the server is, so pg_stat_activity says whose a connection is (docs/deployment.md).
  const sql = connect(url, { max, schema, connection: { application_name: 'prospectkit' } });
  const own = new PoolCount('prospectkit', max);
  const counts = new Set<PoolCount>([own]);
  const root = wrap(sql, own);
  return {
    kind: 'postgres',
    query: root.query,
    openPool: (pool) => {
      const count = new PoolCount(pool.applicationName, pool.max);
      counts.add(count);
      const opened = openPool(url, schema, pool, count);
      return { ...opened, close: () => opened.close().finally(() => counts.delete(count)) };
    },
    // One connection for the whole transaction: counted once, its statements not again.
    transaction: <T>(fn: (tx: Sql) => Promise<T>) =>
      own.around(async () => (await sql.begin((tx) => fn(wrap(tx)))) as T),
    poolStats: () => [...counts].map((count) => count.use()),
    listen: async (channel, onNotify) => {
      const subscription = await sql.listen(channel, onNotify);
      return () => subscription.unlisten();
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** A pool of its own on the same database and schema; see `Database.openPool`. */
function openPool(url: string, schema: string | undefined, options: PoolOptions, count: PoolCount): Pool {
  if (!Number.isInteger(options.max) || options.max < 1)
    throw new RangeError('max must be a whole number of at least 1.');
  const sql = connect(url, {
    max: options.max,
    schema,
    connection: { application_name: options.applicationName, ...options.settings },
  });
  return { ...wrap(sql, count), close: () => sql.end({ timeout: 5 }) };
}

/**
 * Statements and transactions under way on one pool: the driver does not say which of its connections are busy,
 * so the wrapper counts what it started and has not seen end (beyond `max`, they wait for a connection).
 */
class PoolCount {
  private running = 0;
  constructor(
    private readonly name: string,
    private readonly max: number,
  ) {}
  async around<T>(work: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
    }
  }
  use(): PoolUse {
    return {
      applicationName: this.name,
      max: this.max,
      inUse: Math.min(this.running, this.max),
      waiting: Math.max(0, this.running - this.max),
    };
  }
}

/**
 * The one place the server calls the driver: every pool, the database's own and those of `openPool`, gets the
 * same search path, type parsing and notice handling.
 */
function connect(
  url: string,
  options: { max: number; schema?: string | undefined; connection?: Record<string, string> },
): postgres.Sql {
  const connection = {
    ...(options.schema !== undefined ? { search_path: `${options.schema}, public` } : {}),
    ...options.connection,
  };
  return postgres(url, {
    max: options.max,
    ...(Object.keys(connection).length > 0 ? { connection } : {}),
    onnotice: () => {},
    // int8 (value_minor, counts) as JS numbers: the contract bounds them to 2^53-1.
    types: {
      bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
    },
  });
}

/**
 * Runs statements on a pool or in a transaction. Every statement is prepared once per connection (parsed and
 * planned once, then only bound and run) unless a query asks otherwise (`QueryOptions.prepare`): the server's
 * statements are fixed text with parameters, so the cache stays small.
 */
function wrap(run: postgres.Sql | postgres.TransactionSql, count?: PoolCount): Omit<Pool, 'close'> {
  const execute = async <T extends Row>(text: string, params: readonly unknown[] = []) => {
    const result = await run.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
    return { rows: result as unknown as T[], rowCount: result.count };
  };
  const query = async <T extends Row>(
    text: string,
    params: readonly unknown[] = [],
    options: QueryOptions = {},
  ) =>
    (await run.unsafe(text, params as postgres.ParameterOrJSON<never>[], {
      prepare: options.prepare ?? true,
    })) as unknown as T[];
  if (!count) return { query, execute };
  return {
    query: <T extends Row>(text: string, params?: readonly unknown[], options?: QueryOptions) =>
      count.around(() => query<T>(text, params, options)),
    execute: <T extends Row>(text: string, params?: readonly unknown[]) =>
      count.around(() => execute<T>(text, params)),
  };
}
