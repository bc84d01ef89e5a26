import pg from 'pg';
import rateLimiterFlexible, { type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/database.js';

const { RateLimiterMemory, RateLimiterPostgres } = rateLimiterFlexible;

/** A limiter and how to release what it holds. */
export interface Limiter {
  limiter: RateLimiterAbstract;
  close(): Promise<void>;
}

/**
 * The request limiter for a database: on PostgreSQL, counters in the `rate_limits` table (migration 3) shared by
 * every instance; on embedded PGlite (one process), in memory.
 *
 * @param limit requests per `windowSeconds` per client address. @see service spec section 8
 */
export function createLimiter(db: Database, limit: number, windowSeconds = 60): Limiter {
  if (db.kind === 'pglite' || !db.connection) {
    return {
      limiter: new RateLimiterMemory({ points: limit, duration: windowSeconds }),
      close: async () => {},
    };
  }
  const { url, schema } = db.connection;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    points: limit,
    duration: windowSeconds,
  });
  return { limiter, close: () => pool.end() };
}
