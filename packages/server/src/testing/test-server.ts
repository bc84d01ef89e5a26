import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ABILITIES, type Ability } from '@prospectkit/core';
import { createGrantCache } from '../auth/grant-cache.js';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import { createApp } from '../http/create-app.js';
import { createLimiter } from '../rate-limit/create-limiter.js';
import { createRedisLimiter } from '../rate-limit/create-redis-limiter.js';
import { createLogger } from '../start-server.js';
import { createApiToken } from '../store/api-tokens.js';
import { createWorkspace } from '../store/workspaces.js';
import { openTestDatabase } from './test-database.js';

/** A reference server listening on a free loopback port, for tests. */
export interface TestServer {
  /** e.g. `http://127.0.0.1:41234/api/v1` */
  baseUrl: string;
  /** The server's database, for seeding and checking rows directly. */
  db: Database;
  /** The default workspace's id. */
  workspaceId: string;
  /** Mints a token (default: every ability, the default workspace, expiring in a day). */
  token(options?: {
    abilities?: readonly Ability[];
    workspaceId?: string;
    expiresAt?: Date;
  }): Promise<string>;
  /** Creates another workspace and returns its id. */
  workspace(name?: string): Promise<string>;
  /** Stops the server, and closes the database unless it was passed in as `db`. */
  close(): Promise<void>;
}

/**
 * Starts the reference app in-process on a fresh test database (see `openTestDatabase`).
 *
 * @param options.kind `'pglite'` or `'postgres'` (needs `TEST_DATABASE_URL`)
 * @param options.db share an open database instead (several instances on one database)
 * @param options.rateLimit requests per minute. Default 1,000,000 (tests of the limit set their own).
 * @param options.redis count the rate limit in Redis (`createRedisLimiter`) at this URL and key prefix. Default:
 *   the database's store
 * @returns the server; `close()` it in `afterAll`
 * @example
 * const server = await startTestServer();
 * const token = await server.token({ abilities: ['prospects:read'] });
 * await fetch(`${server.baseUrl}/prospects`, { headers: { authorization: `Bearer ${token}` } });
 * await server.close();
 */
export async function startTestServer(
  options: {
    kind?: 'pglite' | 'postgres';
    db?: Database;
    rateLimit?: number;
    clock?: Clock;
    redis?: { url: string; keyPrefix: string };
  } = {},
): Promise<TestServer> {
  const db = options.db ?? (await openTestDatabase(options.kind ?? 'pglite'));
  const limit = options.rateLimit ?? 1_000_000;
  const limiter = options.redis
    ? await createRedisLimiter({ redisUrl: options.redis.url, limit, keyPrefix: options.redis.keyPrefix })
    : createLimiter(db, limit);
  const clock = options.clock ?? systemClock;
  const grants = await createGrantCache(db);
  const app = createApp({
    db,
    logger: createLogger('silent'),
    clock,
    limiter: limiter.limiter,
    signInLimiter: limiter.signInLimiter,
    grants,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { id: workspaceId } = await createWorkspace(db, 'Test workspace');
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    db,
    workspaceId,
    async token(o = {}) {
      const now = clock.now();
      const { token } = await createApiToken(db, {
        workspaceId: o.workspaceId ?? workspaceId,
        name: 'test',
        abilities: o.abilities ?? ABILITIES,
        expiresAt: o.expiresAt ?? new Date(now.getTime() + 86_400_000),
        now: o.expiresAt && o.expiresAt < now ? new Date(o.expiresAt.getTime() - 1000) : now,
      });
      return token;
    },
    async workspace(name = 'Other workspace') {
      return (await createWorkspace(db, name)).id;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await limiter.close();
      await grants.close();
      if (!options.db) await db.close();
    },
  };
}
