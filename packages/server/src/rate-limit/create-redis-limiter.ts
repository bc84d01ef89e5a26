import rateLimiterFlexible from 'rate-limiter-flexible';
import { ACCOUNT_SIGN_IN_LIMIT, type Limiter, PAGE_LIMIT, SIGN_IN_LIMIT } from './create-limiter.js';

const { RateLimiterRedis } = rateLimiterFlexible;

/**
 * The request and sign-in limiters with their counters in Redis (rate-limiter-flexible's Redis store), for a
 * deployment of many instances: every instance that names the same Redis shares each client's count. Keyed by
 * `clientKey`, like `createLimiter`.
 *
 * @param options.redisUrl a `redis://` or `rediss://` URL (`PROSPECTKIT_REDIS_URL`)
 * @param options.limit requests per `windowSeconds` per client address
 * @param options.windowSeconds the window's length in seconds. Default 60.
 * @param options.keyPrefix the start of every key the limiters write. Default `prospectkit-rate-limit`.
 * @returns the limiters for `createApp({ limiter, signInLimiter })`, and `close()` for the Redis connection
 * @throws an `Error` saying to install it when the optional peer dependency `redis` is not installed; the
 *   client's connection error when Redis cannot be reached at start
 * @example
 * const { limiter, signInLimiter, close } = await createRedisLimiter({ redisUrl: 'redis://127.0.0.1:6379', limit: 60 });
 * @see openapi.yaml `info.description` (Rate limit)
 */
export async function createRedisLimiter(options: {
  redisUrl: string;
  limit: number;
  windowSeconds?: number;
  keyPrefix?: string;
}): Promise<Limiter> {
  const { redisUrl, limit, windowSeconds = 60, keyPrefix = 'prospectkit-rate-limit' } = options;
  // Without an error listener a lost connection would crash the process. The client reconnects by itself;
  // meanwhile each check fails at once (no offline queue) and `apiRateLimit` lets the request through.
  const client = (await loadRedis()).createClient({ url: redisUrl, disableOfflineQueue: true });
  client.on('error', () => {});
  await client.connect();
  const store = { storeClient: client, useRedisPackage: true } as const;
  return {
    limiter: new RateLimiterRedis({ ...store, keyPrefix, points: limit, duration: windowSeconds }),
    signInLimiter: new RateLimiterRedis({
      ...store,
      ...SIGN_IN_LIMIT,
      keyPrefix: `${keyPrefix}:${SIGN_IN_LIMIT.keyPrefix}`,
    }),
    accountSignInLimiter: new RateLimiterRedis({
      ...store,
      ...ACCOUNT_SIGN_IN_LIMIT,
      keyPrefix: `${keyPrefix}:${ACCOUNT_SIGN_IN_LIMIT.keyPrefix}`,
    }),
    pageLimiter: new RateLimiterRedis({
      ...store,
      ...PAGE_LIMIT,
      keyPrefix: `${keyPrefix}:${PAGE_LIMIT.keyPrefix}`,
    }),
    close: async () => {
      await client.close();
    },
  };
}

/**
 * The `redis` package, an optional peer dependency: only a deployment that counts in Redis installs it, so the
 * server's install stays small for everyone else (runtimes/README.md, install-size budgets).
 */
async function loadRedis(): Promise<typeof import('redis')> {
  try {
    return await import('redis');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      'PROSPECTKIT_REDIS_URL is set, but the redis package is not installed. Run `npm install redis@5` beside @prospectkit/server, or unset PROSPECTKIT_REDIS_URL to count in the database.',
    );
  }
}
