import { randomUUID } from 'node:crypto';
import {
  openTestDatabase,
  startTestServer,
  type TestServer,
  testDatabaseKinds,
} from '@prospectkit/server/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './http-helpers.js';

describe.each(testDatabaseKinds())('rate limit on %s', (kind) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('allows the limit, then 429 with Retry-After and the X-RateLimit headers, even without a token', async () => {
    const server = await startTestServer({ kind, rateLimit: 5 });
    servers.push(server);
    const token = await server.token();
    for (let i = 0; i < 5; i++) {
      const answer = await call(server.baseUrl, 'GET', '/prospects', { token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('5');
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
    }
    const limited = await call(server.baseUrl, 'GET', '/prospects', { token });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(
      Math.floor(Date.now() / 1000),
    );
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await call(server.baseUrl, 'GET', '/prospects')).status).toBe(429);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'rate limit across instances on one PostgreSQL database',
  () => {
    it('two app instances share one budget per client address', async () => {
      const db = await openTestDatabase('postgres');
      const a = await startTestServer({ db, rateLimit: 6 });
      const b = await startTestServer({ db, rateLimit: 6 });
      try {
        const token = await a.token();
        const statuses: number[] = [];
        for (let i = 0; i < 8; i++)
          statuses.push((await call(i % 2 ? b.baseUrl : a.baseUrl, 'GET', '/prospects', { token })).status);
        expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      } finally {
        await a.close();
        await b.close();
        await db.close();
      }
    });

    it('leases points to a busy client far from its limit: each answer its own count, the store exact once idle', async () => {
      const db = await openTestDatabase('postgres');
      const server = await startTestServer({ db, rateLimit: 5000 });
      try {
        const token = await server.token();
        const remaining: number[] = [];
        for (let wave = 0; wave < 6; wave++) {
          const answers = await Promise.all(
            Array.from({ length: 20 }, () => call(server.baseUrl, 'GET', '/prospects', { token })),
          );
          for (const answer of answers) {
            expect(answer.status).toBe(200);
            remaining.push(Number(answer.headers.get('x-ratelimit-remaining')));
          }
        }
        // 120 requests took 120 different counts of the window, whether from a call or a lease.
        expect(new Set(remaining).size).toBe(120);
        expect(Math.min(...remaining)).toBeGreaterThanOrEqual(5000 - 200);
        // Once the client is idle, the unused leased points go back: the store holds the requests made.
        await expect
          .poll(
            async () => {
              const rows = await db.query<{ points: number }>(
                "select points from rate_limits where key not like 'settings-%' and key not like 'app-%'",
              );
              return rows.map((row) => Number(row.points));
            },
            { timeout: 5000, interval: 50 },
          )
          .toEqual([120]);
      } finally {
        await server.close();
        await db.close();
      }
    });
  },
);

describe('rate limit in Redis (PROSPECTKIT_REDIS_URL)', () => {
  it('two app instances on one Redis share one budget per client address, then 429', async () => {
    const redis = {
      url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      keyPrefix: `pk-test-${randomUUID()}`,
    };
    const db = await openTestDatabase('pglite');
    const a = await startTestServer({ db, rateLimit: 6, redis });
    const b = await startTestServer({ db, rateLimit: 6, redis });
    try {
      const token = await a.token();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await call(i % 2 ? b.baseUrl : a.baseUrl, 'GET', '/prospects', { token })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      const limited = await call(a.baseUrl, 'GET', '/prospects', { token });
      expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
      await db.close();
    }
  });
});
