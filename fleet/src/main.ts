// `npm run test:fleet`: HAProxy in front of three API instances (`prospectkit-server start`, PROSPECTKIT_START_WORKER
// off) and two workers (`prospectkit-server worker`) on one PostgreSQL database, the rate limit in Redis. Under a
// steady load (autocannon) it kills an API instance and a worker with SIGKILL, restarts them, stops an instance
// with SIGTERM, and checks: no request lost beyond those in flight on the killed instance, no write without its
// event, every event delivered (exactly once after the receiver's dedupe), the rate limit exact across instances,
// HAProxy taking the stopping instance out before it stops answering, and the killed worker's import resumed by
// the other. Prints the table of the run and a scrape of /metrics. Needs PostgreSQL (TEST_DATABASE_URL, whose
// role may create databases) and Redis (TEST_REDIS_URL); installs Debian's haproxy when missing. See
// docs/deployment.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  createApiToken,
  createWebhook,
  createWorkspace,
  getImportJob,
  inspectImport,
  openDatabase,
  startImport,
  storeImportUpload,
} from '@prospectkit/server';
import postgres from 'postgres';
import { createClient } from 'redis';
import { type Check, dataChecks } from './checks.js';
import { bundleCli } from './cli-bundle.js';
import { fleetProcesses } from './fleet-processes.js';
import { freePort } from './free-port.js';
import { ensureHaproxy, startHaproxy } from './haproxy.js';
import { loadWindow, printTable, type WindowResult } from './load.js';
import { printScrape, scrape } from './metrics-scrape.js';
import type { FleetProcess } from './processes.js';
import { rateLimitBurst } from './rate-limit-burst.js';
import { startReceiver } from './receiver.js';
import { sendMail } from './smtp-probe.js';
import { load, sleep, until } from './wait.js';

const WINDOW_S = 8;
const RATE = 30;
const RATE_LIMIT = 3000;
const LEASE_S = 15;
const WORKER_CONCURRENCY = 16;
// Enough rows that the import is still running when its worker is killed (it runs at several thousand a second).
const IMPORT_ROWS = 30_000;

async function main(): Promise<number> {
  const started = Date.now();
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisBase = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  console.log(`test:fleet: load average ${load()}`);
  const haproxyBinary = ensureHaproxy();
  const dir = await mkdtemp(join(tmpdir(), 'pk-fleet-'));
  const name = `pk_fleet_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  // A Redis database of its own, emptied, so counters of an earlier run never count here.
  const redisUrl = `${redisBase.replace(/\/\d*$/, '')}/13`;
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();

  const cleanups: Array<() => Promise<unknown>> = [
    () => admin.unsafe(`drop database if exists ${name} with (force)`).then(() => admin.end()),
    () => rm(dir, { recursive: true, force: true }),
  ];
  const processes: FleetProcess[] = [];
  try {
    const db = await openDatabase({ databaseUrl });
    cleanups.unshift(() => db.close());
    const workspace = await createWorkspace(db, 'Fleet');
    const importWorkspace = await createWorkspace(db, 'Fleet imports');
    const { token } = await createApiToken(db, {
      workspaceId: workspace.id,
      name: 'fleet load',
      abilities: ['prospects:read', 'prospects:write', 'outcomes:write'],
      expiresAt: new Date(Date.now() + 86_400_000),
      now: new Date(),
    });
    const receiver = await startReceiver();
    cleanups.unshift(() => receiver.close());
    await createWebhook(db, { workspaceId: workspace.id, url: receiver.url, events: ['prospect.created'] });

    const bundle = await bundleCli();
    cleanups.push(() => bundle.remove());
    // api1 also listens for inbound mail, so the run shows its messages counted.
    const smtpPort = await freePort();
    const { apis, workers, apiPorts } = await fleetProcesses({
      cli: bundle.cli,
      databaseUrl,
      redisUrl,
      smtpPort,
      rateLimit: RATE_LIMIT,
      leaseSeconds: LEASE_S,
      concurrency: WORKER_CONCURRENCY,
    });
    processes.push(...apis, ...workers);
    await Promise.all(processes.map((p) => p.start()));
    const proxy = await startHaproxy({
      binary: haproxyBinary,
      dir,
      frontendPort: await freePort(),
      apiPorts,
    });
    cleanups.unshift(() => proxy.stop());
    const upAll = () =>
      until('HAProxy to see every instance up', 30_000, async () => {
        const servers = await proxy.servers();
        return [...servers.values()].every((s) => s.status === 'UP') && servers.size === 3 ? true : undefined;
      });
    await upAll();
    console.log(
      `test:fleet: ready in ${((Date.now() - started) / 1000).toFixed(1)} s; load average ${load()}`,
    );

    const windows: WindowResult[] = [];
    const step = (what: string) =>
      console.log(
        `test:fleet: +${((Date.now() - started) / 1000).toFixed(1)} s ${what}; load average ${load()}`,
      );
    const window = async (
      phase: string,
      during?: { atMs: number; run(): Promise<string> },
      seconds = WINDOW_S,
    ) => {
      step(`window: ${phase}`);
      const result = await loadWindow({
        phase,
        url: proxy.url,
        token,
        seconds,
        rate: RATE,
        ...(during ? { during } : {}),
      });
      windows.push(result);
      return result;
    };
    const [api1, api2] = apis as [FleetProcess, FleetProcess, FleetProcess];

    // Connections to PostgreSQL by pool (pg_stat_activity.application_name), at rest and at most under load.
    const connectionsNow = async () =>
      new Map(
        (
          await admin<{ application_name: string; n: number }[]>`
            select application_name, count(*)::int as n from pg_stat_activity where datname = ${name} group by 1`
        ).map((r) => [r.application_name || '(unnamed)', r.n]),
      );
    const describe = (m: Map<string, number>) =>
      `${[...m.values()].reduce((a, b) => a + b, 0)} (${[...m].map(([app, n]) => `${app} ${n}`).join(', ')})`;
    const atRest = await connectionsNow();
    let peak = new Map<string, number>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = await connectionsNow();
        const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
        if (sum(now) > sum(peak)) peak = now;
        await sleep(500);
      }
    })();
    await window('before: 3 APIs, 2 workers');
    sampling = false;
    await sampler;
    const connections = `at rest ${describe(atRest)}; at most ${describe(peak)} under the load`;

    // SIGKILL one API instance.
    let inFlightAtKill = 0;
    const killApi = await window('API instance killed (SIGKILL)', {
      atMs: 1000,
      async run() {
        inFlightAtKill = (await proxy.servers()).get('api1')?.current ?? 0;
        await api1.kill('SIGKILL');
        return `api1 killed with ${inFlightAtKill} request(s) in flight on it`;
      },
    });
    step('restarting api1');
    await api1.start();
    await upAll();
    await window('after: api1 restarted');

    // SIGKILL the worker that is running an import; the other resumes it once its lease runs out.
    const csv = `Company,Email\n${Array.from({ length: IMPORT_ROWS }, (_, i) => `Import ${i} Ltd,import-${i}@fleet-import.example`).join('\n')}\n`;
    const uploaded = await storeImportUpload(db, {
      workspaceId: importWorkspace.id,
      fileName: 'fleet.csv',
      source: Readable.from([Buffer.from(csv)]),
      maxBytes: 64 * 1024 * 1024,
    });
    const { mapping } = await inspectImport(db, { workspaceId: importWorkspace.id, jobId: uploaded.id });
    await startImport(db, {
      workspaceId: importWorkspace.id,
      jobId: uploaded.id,
      mapping,
      duplicates: 'skip',
    });
    const holder = await until('a worker to import rows', 60_000, async () => {
      for (const worker of workers) {
        const rows = (await scrape(worker.metricsPort)).total('prospectkit_import_rows_total');
        if (rows > 0) return worker;
      }
      return undefined;
    });
    const other = workers.find((w) => w !== holder) as FleetProcess;
    let resumed = { by: '', rowsAtKill: 0, attempts: 0 };
    await window(
      'worker killed mid-import (SIGKILL)',
      {
        atMs: 0,
        async run() {
          await holder.kill('SIGKILL');
          const atKill = await getImportJob(db, { workspaceId: importWorkspace.id, jobId: uploaded.id });
          if (atKill?.status !== 'running')
            throw new Error(
              `test:fleet: the import was ${atKill?.status} before its worker was killed; raise IMPORT_ROWS.`,
            );
          const rowsAtKill = atKill.rows_done;
          await until('the other worker to resume the import', (LEASE_S + 30) * 1000, async () => {
            const rows = (await scrape(other.metricsPort)).total('prospectkit_import_rows_total');
            return rows > 0 ? true : undefined;
          });
          const job = await getImportJob(db, { workspaceId: importWorkspace.id, jobId: uploaded.id });
          resumed = { by: other.name, rowsAtKill, attempts: job?.attempts ?? 0 };
          return `${holder.name} killed at row ${rowsAtKill} of ${IMPORT_ROWS}; ${other.name} resumed the import (claim ${resumed.attempts})`;
        },
      },
      LEASE_S + 10,
    );
    step('restarting the killed worker');
    await holder.start();
    await window('after: worker restarted');

    // SIGTERM one API instance: /readyz turns 503, HAProxy takes it out, then it finishes and exits.
    let drain = { downAt: 0, exitedAt: 0, termAt: 0 };
    await window('API instance stopped (SIGTERM, drain)', {
      atMs: 1000,
      async run() {
        const termAt = Date.now();
        const exited = api2.kill('SIGTERM');
        const downAt = await until('HAProxy to take api2 out', 15_000, async () => {
          const status = (await proxy.servers()).get('api2')?.status ?? '';
          return status.startsWith('DOWN') ? Date.now() : undefined;
        });
        const exitedAt = await exited;
        drain = { termAt, downAt, exitedAt };
        return `api2 out of HAProxy ${downAt - termAt} ms after SIGTERM, exited ${exitedAt - termAt} ms after`;
      },
    });
    step('restarting api2');
    await api2.start();
    await upAll();
    await window('after: api2 restarted');

    step('inbound mail on api1');
    // Inbound mail on api1: one message accepted, one recipient refused.
    const mail = [
      await sendMail(smtpPort, 'buyer@fleet.example', `${workspace.id.toLowerCase()}@localhost`),
      await sendMail(smtpPort, 'buyer@fleet.example', 'someone@elsewhere.example'),
    ];

    // The rate limit, counted in Redis, is exact across the three instances.
    step('the rate-limit burst');
    const burst = await rateLimitBurst({ url: proxy.url, token, limit: RATE_LIMIT, extra: 50 });

    // Everything written is delivered (a killed worker's claims come back when their lease runs out).
    step('waiting for every delivery to settle');
    await until('every delivery to settle', 120_000, async () => {
      const [row] = await db.query<{ n: number }>(
        "select count(*)::int as n from deliveries where status = 'pending'",
      );
      return row?.n === 0 ? true : undefined;
    });
    const job = await getImportJob(db, { workspaceId: importWorkspace.id, jobId: uploaded.id });
    const [imported] = await db.query<{ n: number }>(
      'select count(*)::int as n from prospects where workspace_id = $1',
      [importWorkspace.id],
    );

    const fleetSql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    cleanups.unshift(() => fleetSql.end());
    const writes = windows.reduce((sum, w) => sum + w.writes, 0);
    const failed = windows.reduce((sum, w) => sum + [...w.errors.values()].reduce((a, b) => a + b, 0), 0);
    const errorsOf = (w: WindowResult) => [...w.errors.values()].reduce((a, b) => a + b, 0);
    const checks: Check[] = [
      {
        what: 'no request lost beyond those in flight on the killed instance',
        ok: errorsOf(killApi) <= inFlightAtKill,
        detail: `${errorsOf(killApi)} failed, ${inFlightAtKill} in flight on api1 at the kill`,
      },
      {
        what: 'no request failed in any other window (worker kill, SIGTERM drain, restarts)',
        ok: windows.filter((w) => w !== killApi).every((w) => errorsOf(w) === 0),
        detail:
          windows
            .filter((w) => w !== killApi && errorsOf(w) > 0)
            .map((w) => `${w.phase}: ${errorsOf(w)}`)
            .join('; ') || 'none',
      },
      {
        what: "HAProxy's /readyz checks took the stopping instance out before it stopped answering",
        ok: drain.downAt > 0 && drain.downAt < drain.exitedAt,
        detail: `out at +${drain.downAt - drain.termAt} ms, exited at +${drain.exitedAt - drain.termAt} ms`,
      },
      ...(await dataChecks(fleetSql, {
        workspaceId: workspace.id,
        received: receiver.received,
        writesAnswered: writes,
        writeErrors: failed,
        cutOff: windows.reduce((sum, w) => sum + w.cutOff, 0),
        // Attempts in flight or awaiting their record in the killed worker (attempt-slots.ts).
        redeliveryBound: WORKER_CONCURRENCY * 5,
      })),
      {
        what: 'the rate limit is exact across instances (Redis)',
        ok: burst.ok === RATE_LIMIT && burst.limited === 50 && burst.other.size === 0,
        detail: `${burst.ok} answered 200 and ${burst.limited} 429 of ${RATE_LIMIT + 50} from one address (limit ${RATE_LIMIT} a minute)`,
      },
      {
        what: 'inbound mail on an instance: a message accepted, a recipient of another domain refused',
        ok: mail[0]?.startsWith('250') === true && mail[1]?.startsWith('refused: 550') === true,
        detail: mail.join(' / '),
      },
      {
        what: "the killed worker's import job resumed by the other, once",
        ok:
          resumed.by === other.name &&
          job?.status === 'succeeded' &&
          job.created_count === IMPORT_ROWS &&
          imported?.n === IMPORT_ROWS &&
          (job.attempts ?? 0) >= 2,
        detail: `${resumed.by} resumed after row ${resumed.rowsAtKill}; job ${job?.status}, ${job?.created_count} created, ${imported?.n} prospects, ${job?.attempts} claims`,
      },
    ];

    console.log(
      `\n## test:fleet: 3 API instances, 2 workers, HAProxy, PostgreSQL, Redis (${RATE} requests/s)\n`,
    );
    printTable(windows);
    console.log(`\nDatabase connections at steady state: ${connections}.`);
    console.log('\n| check | held | detail |\n| --- | --- | --- |');
    for (const check of checks)
      console.log(`| ${check.what} | ${check.ok ? 'yes' : 'NO'} | ${check.detail} |`);
    console.log('\n## /metrics of api1 and of the worker that resumed the import, at the end of the run\n');
    await printScrape('api1', api1.metricsPort);
    await printScrape(other.name, other.metricsPort);
    const failedChecks = checks.filter((c) => !c.ok);
    console.log(
      `\ntest:fleet: ${failedChecks.length === 0 ? 'every check held' : `${failedChecks.length} check(s) failed`} in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load()}`,
    );
    return failedChecks.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(error);
    for (const p of processes) console.error(`--- ${p.name} ---\n${p.tail()}`);
    return 1;
  } finally {
    await Promise.all(processes.filter((p) => p.alive).map((p) => p.kill('SIGTERM')));
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
  }
}

process.exitCode = await main();
