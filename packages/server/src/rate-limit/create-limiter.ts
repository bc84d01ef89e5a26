import rateLimiterFlexible, { type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database, Pool } from '../db/database.js';

const { RateLimiterMemory, RateLimiterPostgres } = rateLimiterFlexible;

/**
 * Sign-in attempts allowed per client address (`clientKey`: IPv4, or the IPv6 /64) in a window: 10 in 15
 * minutes, counted under their own key prefix in the store of the API limit. A good password clears the count.
 */
export const SIGN_IN_LIMIT = { points: 10, duration: 15 * 60, keyPrefix: 'settings-sign-in' } as const;

/**
 * Sign-in attempts allowed per account (the address typed, lower case) in a window: 10 in 15 minutes, whatever
 * client address they come from; unknown addresses are counted the same, so the limit tells nobody which exist.
 */
export const ACCOUNT_SIGN_IN_LIMIT = {
  points: 10,
  duration: 15 * 60,
  keyPrefix: 'settings-sign-in-account',
} as const;

/**
 * Page requests of the app allowed per session (or per client address before sign-in) in a minute: 300, its
 * own budget, so browsing never spends the API's per-address limit (openapi.yaml `info.description`, Rate
 * limit). Stylesheets and scripts are never counted.
 */
export const PAGE_LIMIT = { points: 300, duration: 60, keyPrefix: 'app-pages' } as const;

/** The limiters of one server and how to release what they hold. */
export interface Limiter {
  /** Requests per window per client address (API and settings pages); pass it to `createApp({ limiter })`. */
  limiter: RateLimiterAbstract;
  /**
   * Settings sign-in attempts per client address (10 per 15 minutes), in the same store as `limiter`, so
   * every instance and every restart sees the same count.
   */
  signInLimiter: RateLimiterAbstract;
  /** Sign-in attempts per account (10 in 15 minutes, whatever the client address), in the same store. */
  accountSignInLimiter: RateLimiterAbstract;
  /** The app's page requests per session (300 a minute; assets are never counted), in the same store. */
  pageLimiter: RateLimiterAbstract;
  /** Releases the limiter's connections; call it before closing the database. */
  close(): Promise<void>;
}

/**
 * The request and sign-in limiters for a database: on PostgreSQL, counters in the `rate_limits` table (migration
 * 3) shared by every instance; on embedded PGlite (one process), in memory. Both are keyed by `clientKey`.
 *
 * @param db the database; its kind picks the counter store
 * @param limit requests per `windowSeconds` per client address
 * @param windowSeconds the window's length in seconds. Default 60.
 * @returns the limiters for `createApp({ limiter, signInLimiter })`, and `close()` for their connections
 * @example
 * const { limiter, signInLimiter } = createLimiter(db, 60);
 * const app = createApp({ db, logger, limiter, signInLimiter });
 * @see openapi.yaml `info.description` (Rate limit)
 */
export function createLimiter(db: Database, limit: number, windowSeconds = 60): Limiter {
  if (!db.openPool) {
    return {
      limiter: new RateLimiterMemory({ points: limit, duration: windowSeconds }),
      signInLimiter: new RateLimiterMemory({ ...SIGN_IN_LIMIT }),
      accountSignInLimiter: new RateLimiterMemory({ ...ACCOUNT_SIGN_IN_LIMIT }),
      pageLimiter: new RateLimiterMemory({ ...PAGE_LIMIT }),
      close: async () => {},
    };
  }
  // The counters go through a small pool of their own, not the server's: a burst of requests must not queue its
  // rate-limit checks behind the requests' own queries.
  const pool = db.openPool({ max: 4, applicationName: 'prospectkit-rate-limit' });
  const store = {
    storeClient: pgStyleClient(pool),
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
  } as const;
  const limiter = new RateLimiterPostgres({ ...store, points: limit, duration: windowSeconds });
  const signInLimiter = new RateLimiterPostgres({ ...store, ...SIGN_IN_LIMIT });
  return {
    limiter,
    signInLimiter,
    accountSignInLimiter: new RateLimiterPostgres({ ...store, ...ACCOUNT_SIGN_IN_LIMIT }),
    pageLimiter: new RateLimiterPostgres({ ...store, ...PAGE_LIMIT }),
    close: () => pool.close(),
  };
}

/**
 * rate-limiter-flexible's PostgreSQL store speaks node-postgres (`query({ text, values })` resolving to
 * `{ rows, rowCount }`); this gives it that on the server's own driver, with each of its few fixed statements
 * prepared once per connection. One driver instead of two: node-postgres and its pool cost CPU on every request
 * (see `npm run bench:server`).
 */
function pgStyleClient(pool: Pool) {
  return { query: (q: { text: string; values?: unknown[] }) => pool.execute(q.text, q.values ?? []) };
}
