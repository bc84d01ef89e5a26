import postgres from 'postgres';
import rateLimiterFlexible, { type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/database.js';

const { RateLimiterMemory, RateLimiterPostgres } = rateLimiterFlexible;

/** A limiter and how to release what it holds. */
export interface Limiter {
  /** The rate-limiter-flexible limiter; pass it to `createApp({ limiter })`. */
  limiter: RateLimiterAbstract;
  /** Releases the limiter's connections; call it before closing the database. */
  close(): Promise<void>;
}

/**
 * The request limiter for a database: on PostgreSQL, counters in the `rate_limits` table (migration 3) shared by
 * every instance; on embedded PGlite (one process), in memory.
 *
 * @param db the database; its kind picks the counter store
 * @param limit requests per `windowSeconds` per client address (service spec section 8)
 * @param windowSeconds the window, in seconds. Default 60.
 * @returns the limiter for `createApp({ limiter })`, and `close()` for its connections
 * @example
 * const limiter = createLimiter(db, 60);
 * const app = createApp({ db, logger, limiter: limiter.limiter });
 */
export function createLimiter(db: Database, limit: number, windowSeconds = 60): Limiter {
  if (db.kind === 'pglite' || !db.connection) {
    return {
      limiter: new RateLimiterMemory({ points: limit, duration: windowSeconds }),
      close: async () => {},
    };
  }
  const { url, schema } = db.connection;
  // The counters go through their own small `postgres` pool, not the server's: a burst of requests must not
  // queue its rate-limit checks behind the requests' own queries.
  const sql = postgres(url, {
    max: 4,
    ...(schema ? { connection: { search_path: `${schema}, public` } } : {}),
    onnotice: () => {},
  });
  const limiter = new RateLimiterPostgres({
    storeClient: pgStyleClient(sql),
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    points: limit,
    duration: windowSeconds,
  });
  return { limiter, close: () => sql.end({ timeout: 5 }) };
}

/**
 * rate-limiter-flexible's PostgreSQL store speaks node-postgres (`query({ text, values })` resolving to
 * `{ rows, rowCount }`); this gives it that on the `postgres` driver the server already uses, with each of its
 * few fixed statements prepared once per connection. One driver instead of two: node-postgres and its pool cost
 * CPU on every request (see `npm run bench:server`).
 */
function pgStyleClient(sql: postgres.Sql) {
  return {
    query: async (q: { text: string; values?: unknown[] }) => {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as postgres.ParameterOrJSON<never>[], {
        prepare: true,
      });
      return { rows, rowCount: rows.count };
    },
  };
}
