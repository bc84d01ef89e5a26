import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebhookReceiver, type WebhookReceiver } from '@prospectkit/server/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { openDatabase } from '../src/db/open-database.js';
import { createPostgresDatabase } from '../src/db/postgres-database.js';
import { createDeliveryWorker } from '../src/delivery/delivery-worker.js';
import { createLogger } from '../src/start-server.js';
import { createProspect } from '../src/store/prospects.js';
import { cliCommand } from './cli-helpers.js';
import { workspaceWithWebhooks } from './delivery-helpers.js';

const url = process.env.TEST_DATABASE_URL;

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function enqueue(db: Database, workspaceId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 50) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(count, i + 50); j++)
        await createProspect(tx, workspaceId, { company: `Company ${j}` }, new Date());
    });
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

async function statusCounts(db: Database): Promise<Record<string, number>> {
  const rows = await db.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from deliveries group by status',
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** A throwaway database per test, dropped afterwards, so that a worker process can be pointed at it. */
async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = postgres(url as string, { max: 1, onnotice: () => {} });
  const name = `pk_workers_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url as string);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe.runIf(url)('delivery workers on PostgreSQL', () => {
  let receiver: WebhookReceiver;
  let caDir: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // Each request takes a little while, so a batch is in flight when the worker is killed.
    receiver.answer(() => ({ status: 204, delayMs: 5 + Math.floor(Math.random() * 20) }));
    caDir = await mkdtemp(join(tmpdir(), 'pk-ca-'));
    await writeFile(join(caDir, 'ca.pem'), receiver.ca);
  });
  afterAll(async () => {
    await receiver.close();
    await rm(caDir, { recursive: true, force: true });
  });

  /** `prospectkit-server worker` as its own process: node itself, so SIGKILL reaches the worker. */
  function spawnWorker(databaseUrl: string): ChildProcess {
    const child = spawn(...cliCommand('worker', '--lease-seconds', '15', '--concurrency', '16'), {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS: '1',
        // Trust the receiver's test certificate in the child; TLS verification stays on.
        NODE_EXTRA_CA_CERTS: join(caDir, 'ca.pem'),
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString().trim();
      if (text !== '' && !text.startsWith('WARNING: PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS'))
        process.stderr.write(`[worker ${child.pid}] ${text}\n`);
    });
    return child;
  }

  it('loses nothing when a worker process is killed mid-batch: a new one delivers the rest (at least once)', {
    timeout: 240_000,
  }, async () => {
    const target = await throwawayDatabase();
    const db = await openDatabase({ databaseUrl: target.url });
    const children: ChildProcess[] = [];
    try {
      const { workspaceId } = await workspaceWithWebhooks(db, receiver, ['/crash']);
      const total = 400;
      await enqueue(db, workspaceId, total);
      const eventIds = (await db.query<{ id: string }>('select id from events')).map((e) => e.id);
      expect(eventIds).toHaveLength(total);
      const receivedIds = () =>
        new Set(
          receiver.requests.filter((r) => r.path === '/crash').map((r) => r.headers['service-event-id']),
        );

      const first = spawnWorker(target.url);
      children.push(first);
      await until(async () => receivedIds().size >= 60, 120_000, 'the first worker to deliver 60 events');
      const firstExit = new Promise((resolve) => first.once('exit', (_code, signal) => resolve(signal)));
      first.kill('SIGKILL');
      expect(await firstExit).toBe('SIGKILL');
      const atCrash = await statusCounts(db);
      const [leased] = await db.query<{ n: number }>(
        "select count(*)::int as n from deliveries where status = 'pending' and lease_until is not null",
      );
      // Killed in the middle: some delivered, some not yet, some claimed and in flight.
      expect(atCrash.succeeded ?? 0).toBeGreaterThan(0);
      expect(atCrash.pending ?? 0).toBeGreaterThan(0);
      expect(leased?.n).toBeGreaterThan(0);

      const second = spawnWorker(target.url);
      children.push(second);
      await until(
        async () => (await statusCounts(db)).succeeded === total,
        180_000,
        'every delivery to succeed',
      );
      const secondExit = new Promise((resolve) => second.once('exit', (code) => resolve(code)));
      second.kill('SIGTERM');
      expect(await secondExit).toBe(0);

      const received = receivedIds();
      expect(eventIds.filter((id) => !received.has(id))).toEqual([]);
      expect(await statusCounts(db)).toEqual({ succeeded: total });
    } finally {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await db.close();
      await target.drop();
    }
  });

  it('two workers on one database never attempt the same delivery at once and lose none', {
    timeout: 180_000,
  }, async () => {
    const target = await throwawayDatabase();
    const db = await openDatabase({ databaseUrl: target.url });
    const other = await createPostgresDatabase(target.url);
    const workers = [db, other].map((connection, i) =>
      createDeliveryWorker({
        db: connection,
        logger: createLogger('silent'),
        allowInsecureWebhooks: true,
        tls: { ca: receiver.ca },
        concurrency: 8,
        pollIntervalMs: 100,
        userAgent: `ProspectKit-Webhooks/worker-${i}`,
      }),
    );
    try {
      const { workspaceId } = await workspaceWithWebhooks(db, receiver, ['/pair']);
      await Promise.all(workers.map((w) => w.start()));
      const total = 500;
      await enqueue(db, workspaceId, total);
      await until(
        async () => (await statusCounts(db)).succeeded === total,
        150_000,
        'every delivery to succeed',
      );
      await Promise.all(workers.map((w) => w.stop()));

      const requests = receiver.requests.filter((r) => r.path === '/pair');
      const byEvent = groupBy(requests, (r) => r.headers['service-event-id'] ?? '');
      expect(byEvent.size).toBe(total);
      // No crash here, so exactly once: never two attempts of one delivery, at once or one after the other.
      expect([...byEvent.values()].filter((attempts) => attempts.length > 1)).toEqual([]);
      const [attempts] = await db.query<{ n: number; max: number }>(
        'select count(*)::int as n, max(number)::int as max from delivery_attempts',
      );
      expect(attempts).toEqual({ n: total, max: 1 });
      // Both workers did part of the work.
      const perWorker = groupBy(requests, (r) => r.headers['user-agent'] ?? '');
      expect([...perWorker.keys()].sort()).toEqual([
        'ProspectKit-Webhooks/worker-0',
        'ProspectKit-Webhooks/worker-1',
      ]);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await other.close();
      await db.close();
      await target.drop();
    }
  });
});
