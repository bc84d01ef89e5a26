// /metrics in the Prometheus text format: never public (404 unless a port or a token is set; 401 without the
// token), and every family the issue lists, with sensible values after a little real work: requests, a 429, a
// delivery, an import, inbound mail accepted and refused, the pools and the process's own.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { bootstrapDemo } from '../src/dev-bootstrap.js';
import { getImportJob, inspectImport, startImport, storeImportUpload } from '../src/import/index.js';
import { inboundAddress } from '../src/mail/inbound-address.js';
import { createLogger, type RunningServer, startServer } from '../src/start-server.js';
import { createWebhook } from '../src/store/webhooks.js';
import { openTestDatabase, testDatabaseKinds } from '../src/testing/index.js';
import { cliCommand } from './cli-helpers.js';
import { call } from './http-helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** The samples of an exposition: `name{labels}` to value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

/** The sum of the samples of `name` whose labels include every one of `labels`. */
function total(all: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const [key, value] of all) {
    const [metric, rest = ''] = key.split('{');
    if (metric !== name) continue;
    if (Object.entries(labels).every(([k, v]) => rest.includes(`${k}="${v}"`))) sum += value;
  }
  return sum;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDatabaseKinds())('metrics on %s', (kind) => {
  let running: RunningServer;
  let receiverPort = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  const origin = () => running.baseUrl.replace('/api/v1', '');

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverPort = (receiver.address() as AddressInfo).port;
    const db = await openTestDatabase(kind);
    const config = loadConfig(
      {
        PORT: '0',
        PROSPECTKIT_RATE_LIMIT: '20',
        PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS: '1',
        PROSPECTKIT_ADMIN_PASSWORD: 'a long enough test password',
        PROSPECTKIT_SMTP_PORT: '0',
        PROSPECTKIT_METRICS_PORT: '0',
        PROSPECTKIT_METRICS_TOKEN: TOKEN,
      },
      { serving: false },
    );
    running = await startServer(config, { db, logger: createLogger('silent') });
  });
  afterAll(async () => {
    const db = running?.db;
    await running?.close();
    await db?.close();
    receiver.close();
  });

  it('answers only with the token: 401 without it, on the API port and on its own', async () => {
    for (const url of [`${origin()}/metrics`, `http://127.0.0.1:${running.metricsPort}/metrics`]) {
      const refused = await fetch(url);
      expect([url, refused.status, refused.headers.get('www-authenticate')]).toEqual([
        url,
        401,
        'Bearer realm="metrics"',
      ]);
      const wrong = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.status).toBe(401);
      const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect([ok.status, ok.headers.get('content-type')]).toEqual([
        200,
        expect.stringMatching(/^text\/plain; version=0\.0\.4/),
      ]);
    }
  });

  it('reports every family with sensible values after requests, a delivery, an import and mail', async () => {
    const demo = await bootstrapDemo(running.db);
    if (!demo) throw new Error('expected an empty database');
    const { record } = await createWebhook(running.db, {
      workspaceId: demo.workspaceId,
      url: `http://127.0.0.1:${receiverPort}/hook`,
      events: ['prospect.created'],
    });
    const created = await call(running.baseUrl, 'POST', '/prospects', {
      token: demo.token,
      body: { company: 'Metrics Ltd' },
    });
    expect(created.status).toBe(201);
    await until(async () => {
      const [row] = await running.db.query<{ n: number }>(
        "select count(*)::int as n from deliveries where status = 'succeeded'",
      );
      return row?.n === 1;
    }, 'the delivery');
    // Past the limit of 20 a minute: 429s.
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => call(running.baseUrl, 'GET', '/prospects', { token: demo.token })),
    );
    expect(answers.some((a) => a.status === 429)).toBe(true);
    // An import of three rows, one rejected.
    const job = await storeImportUpload(running.db, {
      workspaceId: demo.workspaceId,
      fileName: 'm.csv',
      source: Readable.from([Buffer.from('Company,Website\nA,\nB,nope\nC,\n')]),
      maxBytes: 1_000_000,
    });
    const { mapping } = await inspectImport(running.db, { workspaceId: demo.workspaceId, jobId: job.id });
    await startImport(running.db, {
      workspaceId: demo.workspaceId,
      jobId: job.id,
      mapping,
      duplicates: 'skip',
    });
    await until(
      async () =>
        (await getImportJob(running.db, { workspaceId: demo.workspaceId, jobId: job.id }))?.status ===
        'succeeded',
      'the import',
    );
    // The two prospects imported are two more deliveries.
    await until(async () => {
      const [row] = await running.db.query<{ n: number }>(
        "select count(*)::int as n from deliveries where status = 'succeeded'",
      );
      return row?.n === 3;
    }, 'the deliveries of the imported prospects');
    // Mail: one accepted (to the workspace's inbound address), one refused (another domain).
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: running.smtp?.port as number,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: 'someone@example.com',
      to: inboundAddress(demo.workspaceId, 'localhost'),
      subject: 'Hello',
      text: 'Hi',
    });
    await expect(
      transport.sendMail({ from: 'someone@example.com', to: 'someone@elsewhere.example', text: 'x' }),
    ).rejects.toThrow(/Relaying denied/);
    transport.close();

    const text = await (
      await fetch(`http://127.0.0.1:${running.metricsPort}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).text();
    const all = samples(text);
    const http = 'prospectkit_http_request_duration_seconds';
    expect(total(all, `${http}_count`, { operation: 'createProspect', status: '201' })).toBe(1);
    expect(total(all, `${http}_count`, { operation: 'listProspects', status: '429' })).toBeGreaterThan(0);
    expect(total(all, `${http}_bucket`, { operation: 'createProspect', le: '+Inf' })).toBe(1);
    expect(total(all, 'prospectkit_rate_limit_rejections_total', { limiter: 'api' })).toBe(
      answers.filter((a) => a.status === 429).length,
    );
    expect(
      total(all, 'prospectkit_delivery_attempts_total', { webhook_id: record.id, result: 'succeeded' }),
    ).toBe(3);
    expect(total(all, 'prospectkit_delivery_attempt_duration_seconds_count')).toBe(3);
    expect(total(all, 'prospectkit_delivery_commit_to_receipt_seconds_count')).toBe(3);
    expect(total(all, 'prospectkit_delivery_commit_to_receipt_seconds_sum')).toBeGreaterThan(0);
    expect(all.get('prospectkit_delivery_queue_depth{state="due"}')).toBe(0);
    expect(all.get('prospectkit_delivery_queue_depth{state="held"}')).toBe(0);
    expect(all.get('prospectkit_delivery_oldest_due_age_seconds')).toBe(0);
    expect(total(all, 'prospectkit_import_rows_total', { result: 'created' })).toBe(2);
    expect(total(all, 'prospectkit_import_rows_total', { result: 'rejected' })).toBe(1);
    expect(all.get('prospectkit_import_jobs{status="succeeded"}')).toBe(1);
    expect(total(all, 'prospectkit_smtp_messages_total', { result: 'accepted' })).toBe(1);
    expect(total(all, 'prospectkit_smtp_messages_total', { result: 'refused', reason: 'relay_denied' })).toBe(
      1,
    );
    const pool = kind === 'postgres' ? 'prospectkit' : 'pglite';
    expect(all.get(`prospectkit_db_pool_connections_max{pool="${pool}"}`)).toBeGreaterThan(0);
    expect(all.has(`prospectkit_db_pool_connections_in_use{pool="${pool}"}`)).toBe(true);
    expect(all.has(`prospectkit_db_pool_waiting{pool="${pool}"}`)).toBe(true);
    expect(all.get('prospectkit_process_info{role="api"}')).toBe(1);
    expect(all.get('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(all.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(all.get('process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    // Bounded labels only: no prospect id, no address.
    expect(text).not.toMatch(/prs_[0-9A-Z]{26}/);
    expect(text).not.toContain('127.0.0.1');
  });
});

describe('metrics off by default', () => {
  it('serves no /metrics without a port or a token', async () => {
    const db = await openTestDatabase('pglite');
    const running = await startServer(
      loadConfig(
        { PORT: '0', PROSPECTKIT_ADMIN_PASSWORD: 'a long enough test password' },
        { serving: false },
      ),
      { db, logger: createLogger('silent') },
    );
    try {
      expect((await fetch(`${running.baseUrl.replace('/api/v1', '')}/metrics`)).status).toBe(404);
      expect(running.metricsPort).toBeUndefined();
    } finally {
      await running.close();
      await db.close();
    }
  });
});

describe('the metrics of a worker process', () => {
  it('serves its own /metrics (role worker) on PROSPECTKIT_METRICS_PORT, with /readyz', {
    timeout: 120_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pk-worker-metrics-'));
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const child = spawn(...cliCommand('worker'), {
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        PROSPECTKIT_DATA_DIR: join(dir, 'data'),
        PROSPECTKIT_METRICS_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let text = '';
      await until(
        async () => {
          text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
            (r) => r.text(),
            () => '',
          );
          return text.includes('prospectkit_process_info');
          // A process's start: seconds on an idle machine, a minute on one running the whole suite.
        },
        'the worker to serve its metrics',
        100_000,
      );
      const all = samples(text);
      expect(all.get('prospectkit_process_info{role="worker"}')).toBe(1);
      expect(all.get('prospectkit_delivery_queue_depth{state="due"}')).toBe(0);
      expect(text).toContain('# TYPE prospectkit_import_rows_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
