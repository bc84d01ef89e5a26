import { ABILITIES, type WebhookEvent } from '@prospectkit/core';
import { addCustomField, createApiToken, revokeApiToken } from '@prospectkit/server';
import { startTestServer, type TestServer } from '@prospectkit/server/testing';
import postgres from 'postgres';
import type { ConformanceTarget } from '../conformance-target.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Installs pg_trgm in `public` when it is nowhere yet. Migration 1 runs `create extension if not exists
 * pg_trgm`, which installs it into the first schema on the search path: a test database's own schema. While that
 * schema lives, a second test database (the rate-limited server below) cannot see `gin_trgm_ops`, and its
 * migration fails.
 */
async function ensureTrigramInPublic(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(7301990118)`;
    await sql`create extension if not exists pg_trgm with schema public`;
  } finally {
    await sql.end();
  }
}

/**
 * The reference server in-process on a loopback port, on a fresh PGlite or PostgreSQL test database. Events
 * are read from the database's `events` table (the outbox every delivery is made from).
 */
export async function startServerTarget(kind: 'pglite' | 'postgres'): Promise<ConformanceTarget> {
  if (kind === 'postgres') await ensureTrigramInPublic(process.env.TEST_DATABASE_URL as string);
  const server = await startTestServer({ kind });
  const others: TestServer[] = [];
  return {
    name: `server on ${kind}`,
    baseUrl: server.baseUrl,
    fetch: (input, init) => globalThis.fetch(input, init),
    // startTestServer's default, so that the suite's requests never reach it.
    rateLimit: 1_000_000,
    async workspace() {
      const id = await server.workspace();
      return {
        id,
        token: (abilities) => server.token({ workspaceId: id, ...(abilities ? { abilities } : {}) }),
        defineCustomFields: async (fields) => {
          for (const field of fields) await addCustomField(server.db, id, field, new Date());
        },
      };
    },
    async revokedToken() {
      const { token, record } = await createApiToken(server.db, {
        workspaceId: server.workspaceId,
        name: 'revoked',
        abilities: ABILITIES,
        expiresAt: new Date(Date.now() + DAY_MS),
      });
      await revokeApiToken(server.db, record.id);
      return token;
    },
    async events() {
      const rows = await server.db.query<{ body: string }>(
        'select body from events order by occurred_at, id',
      );
      return rows.map((row) => JSON.parse(row.body) as WebhookEvent);
    },
    async rateLimited(limit) {
      const limited = await startTestServer({ kind, rateLimit: limit });
      others.push(limited);
      return { baseUrl: limited.baseUrl, token: await limited.token() };
    },
    async close() {
      for (const other of others) await other.close();
      await server.close();
    },
  };
}
