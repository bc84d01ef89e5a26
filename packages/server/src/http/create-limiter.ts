import postgres from 'postgres';
import rateLimiterFlexible, { type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/database.js';
import { SIGN_IN_LIMIT } from '../settings/sign-in-limit.js';

const { RateLimiterMemory, RateLimiterPostgres } = rateLimiterFlexible;

/** The limiters of one server and how to release what they hold. */
export interface Limiter {
  /** Requests per window per client address (API and settings pages); pass it to `createApp({ limiter })`. */
  limiter: RateLimiterAbstract;
  /**
   * Settings sign-in attempts per client address (10 per 15 minutes), in the same store as `limiter`, so
   * every instance and every restart sees the same count.
   */
  signInLimiter: RateLimiterAbstract;
  /** Releases the limiter's connections; call it before closing the database. */
  close(): Promise<void>;
}

/**
 * The request and sign-in limiters for a database: on PostgreSQL, counters in the `rate_limits` table (migration
 * 3) shared by every instance; on embedded PGlite (one process), in memory. Both are keyed by `clientKey`.
 *
 * @param db the database; its kind picks the counter store
 * @param limit requests per `windowSeconds` per client address (service spec section 8)
 * @param windowSeconds the window, in seconds. Default 60.
 * @returns the limiters for `createApp({ limiter, signInLimiter })`, and `close()` for their connections
 * @example
 * const { limiter, signInLimiter } = createLimiter(db, 60);
 * const app = createApp({ db, logger, limiter, signInLimiter });
 */
export function createLimiter(db: Database, limit: number, windowSeconds = 60): Limiter {
  if (db.kind === 'pglite' || !db.connection) {
    return {
      limiter: new RateLimiterMemory({ points: limit, duration: windowSeconds }),
      signInLimiter: new RateLimiterMemory({ ...SIGN_IN_LIMIT }),
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
  const store = {
    storeClient: pgStyleClient(sql),
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
  } as const;
  const limiter = new RateLimiterPostgres({ ...store, points: limit, duration: windowSeconds });
  const signInLimiter = new RateLimiterPostgres({ ...store, ...SIGN_IN_LIMIT });
  return { limiter, signInLimiter, close: () => sql.end({ timeout: 5 }) };
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
