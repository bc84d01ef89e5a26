// Runs the webhooks README's blocks as written, in README order: each receiver gets a delivery signed as the
// service signs it; the dedupe stores connect to the test Redis and PostgreSQL (skipped without them, like
// packages/webhooks/test).
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildSignedWebhook,
  buildWebhookEvent,
  verifyWebhook,
  type WebhookEvent,
} from '@prospectkit/webhooks';
import express from 'express';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import postgres from 'postgres';
import { createClient } from 'redis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { captureLogs, provide } from './readme-harness.js';

// The Redis and PostgreSQL clients the blocks open, so the tests can close them.
const opened = vi.hoisted(() => ({
  redis: [] as { isOpen: boolean; close(): Promise<void> }[],
  sql: [] as { end(): Promise<void> }[],
}));
vi.mock('redis', async (importOriginal) => {
  const redis = await importOriginal<typeof import('redis')>();
  const createClient = ((...args: Parameters<typeof redis.createClient>) => {
    const client = redis.createClient(...args);
    opened.redis.push(client);
    return client;
  }) as typeof redis.createClient;
  return { ...redis, createClient };
});
vi.mock('postgres', async (importOriginal) => {
  const { default: original } = await importOriginal<{ default: typeof postgres }>();
  const wrapped = ((...args: Parameters<typeof postgres>) => {
    const sql = original(...args);
    opened.sql.push(sql);
    return sql;
  }) as typeof postgres;
  return { default: wrapped };
});
afterAll(async () => {
  await Promise.all([
    ...opened.redis.filter((c) => c.isOpen).map((c) => c.close()),
    ...opened.sql.map((s) => s.end()),
  ]);
});

const SECRET = 'whk_readme_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';
const logs = captureLogs();
const signed = async (event: WebhookEvent) => ({
  method: 'POST',
  ...(await buildSignedWebhook({ secret: SECRET, event })),
});

it('Example: the Express receiver verifies and handles a delivery', async () => {
  vi.stubEnv('PROSPECTKIT_WEBHOOK_SECRET', SECRET);
  // `app.listen(3000)` as written, on a free port instead, so the test never meets another process on 3000.
  const servers: Server[] = [];
  const listen = express.application.listen;
  vi.spyOn(express.application, 'listen').mockImplementation(function (this: unknown) {
    const server = (listen as (...args: unknown[]) => Server).call(this, 0, '127.0.0.1');
    servers.push(server);
    return server;
  } as typeof listen);
  await import('../src/webhooks/express-receiver.js');
  const [server] = servers;
  if (!server) throw new Error('the example did not call app.listen');
  if (!server.listening) await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const event = buildWebhookEvent('prospect.created', { data: { company: 'Globex' } });
    const response = await fetch(`http://127.0.0.1:${port}/webhooks/prospectkit`, await signed(event));
    expect(await response.json()).toEqual({ received: true, status: 'handled', event_id: event.id });
    expect(logs).toEqual([['Globex']]);
  } finally {
    server.close();
  }
});

it('the Hono receiver takes its secret from the binding', async () => {
  const { default: app } = await import('../src/webhooks/hono-receiver.js');
  const event = buildWebhookEvent('opportunity.won', { data: { value_minor: 990000, currency: 'USD' } });
  const response = await app.request('/webhooks/prospectkit', await signed(event), {
    PROSPECTKIT_WEBHOOK_SECRET: SECRET,
  });
  expect(response.status).toBe(200);
  expect(logs).toEqual([[990000]]);
});

it('the Next.js route handler answers a signed request', async () => {
  vi.stubEnv('PROSPECTKIT_WEBHOOK_SECRET', SECRET);
  const { POST } = await import('../src/webhooks/next-route.js');
  const event = buildWebhookEvent('meeting.booked');
  const response = await POST(new Request('https://app.example/webhooks/prospectkit', await signed(event)));
  expect(await response.json()).toMatchObject({ status: 'handled', event_id: event.id });
  expect(logs).toEqual([[event.data.meeting_at]]);
});

it('Verify by hand: the event comes back typed', async () => {
  vi.stubEnv('PROSPECTKIT_WEBHOOK_SECRET', SECRET);
  const event = buildWebhookEvent('prospect.created', { data: { company: 'Initech' } });
  provide({ request: new Request('https://app.example/webhooks/prospectkit', await signed(event)) });
  await import('../src/webhooks/verify-by-hand.js');
  expect(logs).toEqual([['Initech']]);
});

it('Skip duplicates: a MemoryDedupeStore', async () => {
  await import('../src/webhooks/memory-dedupe.js');
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await createClient({
  url: redisUrl,
  socket: { connectTimeout: 2000, reconnectStrategy: false },
})
  .connect()
  .then((client) => client.close().then(() => true))
  .catch(() => false);
describe.skipIf(!redisUp)(`with Redis at ${redisUrl} (TEST_REDIS_URL)`, () => {
  it('a RedisDedupeStore on a connected client', async () => {
    vi.stubEnv('REDIS_URL', redisUrl);
    const before = opened.redis.length;
    await import('../src/webhooks/redis-dedupe.js');
    expect(opened.redis.slice(before).map((client) => (client as { isReady?: boolean }).isReady)).toEqual([
      true,
    ]);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!databaseUrl)('with PostgreSQL at TEST_DATABASE_URL', () => {
  it('a PostgresDedupeStore on its table', async () => {
    // A schema of its own (first on the search path), so the block's default table meets no other run's.
    const schema = `pk_readme_${process.pid}_${Date.now()}`;
    const admin = postgres(databaseUrl ?? '', { onnotice: () => {} });
    await admin.unsafe(`create schema "${schema}"`);
    try {
      const url = new URL(databaseUrl ?? '');
      url.searchParams.set('search_path', schema);
      vi.stubEnv('DATABASE_URL', url.href);
      await import('../src/webhooks/postgres-dedupe.js');
      const tables =
        await admin`select table_name from information_schema.tables where table_schema = ${schema}`;
      expect(tables.map((t) => t.table_name)).toEqual(['prospectkit_webhook_dedupe']);
    } finally {
      await admin.unsafe(`drop schema "${schema}" cascade`);
    }
  });
});

it('Rotate the signing secret: a router with two secrets', async () => {
  vi.stubEnv('WEBHOOK_SECRET_NEW', SECRET);
  vi.stubEnv('WEBHOOK_SECRET_OLD', 'whk_readme_old');
  provide({ handlers: {} });
  await import('../src/webhooks/rotate-secret.js');
});

it('Test your receiver: the signed delivery verifies', async () => {
  const received: WebhookEvent[] = [];
  const receiver = setupServer(
    http.post('http://localhost:3000/webhooks/prospectkit', async ({ request }) => {
      const body = await request.arrayBuffer();
      received.push(await verifyWebhook({ body, headers: request.headers, secret: 'whk_test' }));
      return HttpResponse.json({ received: true });
    }),
  );
  receiver.listen({ onUnhandledRequest: 'error' });
  try {
    await import('../src/webhooks/test-receiver.js');
  } finally {
    receiver.close();
  }
  expect(received.map((e) => e.event)).toEqual(['opportunity.won']);
});
