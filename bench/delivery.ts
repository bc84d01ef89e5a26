// `npm run bench:delivery`: the delivery worker against its ceiling, on PostgreSQL with one worker.
//   1. throughput: 10,000 events committed through the outbox as fast as the producer can, one worker (in its own
//      process, bench/delivery-worker.ts, as `prospectkit-server worker` runs) delivering
//      them to a local HTTPS receiver (a separate process that verifies every signature): deliveries per second
//      and commit-to-receipt p50/p99 under that load;
//   2. idle latency: single events committed 30 ms apart, so each finds the queue empty: commit-to-receipt p50/p99;
//   3. ceiling: autocannon POSTing the same signed body straight to the same receiver, as many connections as the
//      worker has attempts in flight.
// Steps 1 and 3 run for the worker's default concurrency (32) and for 128; step 2 for the default. A warm-up
// (2,000 events through a worker, 2 s of autocannon) runs first and is not counted.
// Targets: throughput at least 0.5 of the ceiling; idle p50 at most 50 ms.
// Env: BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database is created on
// it and dropped), BENCH_EVENTS (10000), BENCH_IDLE_EVENTS (200), BENCH_CEILING_S (10), BENCH_CONCURRENCY
// (a comma-separated list; default 32,128).
import { type ChildProcess, execFile, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BuiltEvent, buildEvent, newId } from '@prospectkit/core';
import {
  createWorkspace,
  DELIVERY_WORKER_DEFAULTS,
  enqueueEvents,
  openDatabase,
  registerWebhook,
  WEBHOOK_USER_AGENT,
} from '@prospectkit/server';
import { createTestCertificate } from '@prospectkit/server/testing';
import { signWebhook } from '@prospectkit/webhooks';
import postgres from 'postgres';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const totalEvents = Number(process.env.BENCH_EVENTS ?? 10_000);
const idleEvents = Number(process.env.BENCH_IDLE_EVENTS ?? 200);
const ceilingSeconds = Number(process.env.BENCH_CEILING_S ?? 10);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? `${DELIVERY_WORKER_DEFAULTS.concurrency},128`)
  .split(',')
  .map(Number);
const BATCH = 100;
const WARM_UP_EVENTS = 2000;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/** Sends a message to the receiver process and waits for its answer of the same type. */
function ask<T>(child: ChildProcess, message: { type: string } & Record<string, unknown>): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (reply: { type: string }) => {
      if (reply.type !== (message.type === 'start' ? 'ready' : message.type)) return;
      child.off('message', onMessage);
      resolve(reply as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

async function main(): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `pk_bench_delivery_${Date.now().toString(36)}`;
  await admin.unsafe(`create database ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: databaseUrl.toString() });
  const certificate = await createTestCertificate();
  const receiver = fork(fileURLToPath(new URL('./delivery-receiver.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    cwd: root,
  });
  try {
    const { port } = await ask<{ port: number }>(receiver, {
      type: 'start',
      cert: certificate.cert,
      key: certificate.key,
      secret: '',
    });
    const { id: workspaceId } = await createWorkspace(db, 'Bench');
    const { secret } = await registerWebhook(
      db,
      { workspaceId, url: `https://127.0.0.1:${port}/hook`, events: ['prospect.created'] },
      { allowInsecure: true },
    );
    receiver.send({ type: 'secret', secret });
    await sleep(50);

    const built = (i: number): BuiltEvent =>
      buildEvent('prospect.created', workspaceId, {
        prospect_id: newId('prospect'),
        company: `Bench Company ${i}`,
        contact_email: `contact${i}@bench.example`,
      });
    const succeeded = async () =>
      (
        await db.query<{ n: number }>("select count(*)::int as n from deliveries where status = 'succeeded'")
      )[0]?.n ?? 0;
    /** Commits `count` events in transactions of `batch`, returning each event id's commit time. */
    async function produce(count: number, batch: number, gapMs = 0): Promise<Map<string, number>> {
      const committed = new Map<string, number>();
      for (let i = 0; i < count; i += batch) {
        const events = Array.from({ length: Math.min(batch, count - i) }, (_, j) => built(i + j));
        await db.transaction((tx) => enqueueEvents(tx, workspaceId, events, new Date()));
        const at = now();
        for (const event of events) committed.set(event.envelope.id, at);
        if (gapMs > 0) await sleep(gapMs);
      }
      return committed;
    }
    async function measure(worker: Worker, count: number, batch: number, gapMs = 0) {
      await ask(receiver, { type: 'reset' });
      const before = await succeeded();
      const cpuBefore = process.cpuUsage();
      const workerCpuBefore = await worker.cpuMicros();
      const committed = await produce(count, batch, gapMs);
      // Asking the receiver keeps the wait's own queries off the database while the worker runs; the attempt log
      // is then checked to have caught up (every delivery recorded as succeeded) before the clock stops.
      while ((await ask<{ seen: number }>(receiver, { type: 'seen' })).seen < count) await sleep(20);
      while ((await succeeded()) < before + count) await sleep(20);
      const cpu = process.cpuUsage(cpuBefore);
      const workerCpu = (await worker.cpuMicros()) - workerCpuBefore;
      const report = await ask<{
        received: number;
        rejected: number;
        cpuMicros: number;
        firstSeen: Array<[string, number]>;
      }>(receiver, { type: 'report' });
      const seen = new Map(report.firstSeen);
      const latencies = [...committed].map(([id, at]) => (seen.get(id) ?? Number.NaN) - at);
      const first = Math.min(...committed.values());
      const last = Math.max(...seen.values());
      return {
        perSecond: (count / (last - first)) * 1000,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        received: report.received,
        rejected: report.rejected,
        missing: latencies.filter(Number.isNaN).length,
        producerCpuPerEvent: (cpu.user + cpu.system) / count,
        workerCpuPerEvent: workerCpu / count,
        receiverCpuPerRequest: report.cpuMicros / report.received,
      };
    }
    /** autocannon POSTing one signed event straight to the receiver: its ceiling at `connections`. */
    async function ceiling(connections: number, seconds = ceilingSeconds) {
      await ask(receiver, { type: 'reset' });
      const event = built(0);
      const signature = await signWebhook({ secret, body: event.body });
      const headers = {
        'Content-Type': 'application/json',
        'User-Agent': WEBHOOK_USER_AGENT,
        'Service-Event-ID': event.envelope.id,
        'Service-Event': event.envelope.event,
        ...signature,
      };
      const { stdout } = await promisify(execFile)(
        `${root}node_modules/.bin/autocannon`,
        [
          '--json',
          ...['-c', String(connections), '-d', String(seconds), '-m', 'POST', '-b', event.body],
          ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
          `https://127.0.0.1:${port}/hook`,
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      const result = JSON.parse(stdout) as {
        '2xx': number;
        non2xx: number;
        errors: number;
        duration: number;
      };
      const verified = await ask<{ received: number; rejected: number; cpuMicros: number }>(receiver, {
        type: 'report',
      });
      return {
        perSecond: result['2xx'] / result.duration,
        ...result,
        verified: verified.received,
        rejected: verified.rejected,
        receiverCpuPerRequest: verified.cpuMicros / verified.received,
      };
    }

    /** A worker at `concurrency`, started in its own process (as `prospectkit-server worker` runs). */
    async function startWorker(concurrency: number) {
      const child = fork(fileURLToPath(new URL('./delivery-worker.ts', import.meta.url)), {
        // BENCH_WORKER_NODE_OPTIONS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the worker process.
        execArgv: ['--import', 'tsx', ...(process.env.BENCH_WORKER_NODE_OPTIONS?.split(' ') ?? [])],
        cwd: root,
      });
      await ask(child, {
        type: 'start',
        databaseUrl: databaseUrl.toString(),
        ca: certificate.cert,
        concurrency,
      });
      return {
        cpuMicros: async () => (await ask<{ cpuMicros: number }>(child, { type: 'cpu' })).cpuMicros,
        stop: async () => {
          await ask(child, { type: 'stop' });
          child.send({ type: 'exit' });
        },
      };
    }
    type Worker = Awaited<ReturnType<typeof startWorker>>;

    // Both paths through the receiver, and the worker, warm up (JIT, connections, caches) before anything counts.
    const first = concurrencies[0] ?? DELIVERY_WORKER_DEFAULTS.concurrency;
    console.log(
      `warming up: ${WARM_UP_EVENTS.toLocaleString()} events through a worker, 2 s of autocannon...`,
    );
    const warmUp = await startWorker(first);
    await measure(warmUp, WARM_UP_EVENTS, BATCH);
    await warmUp.stop();
    await ceiling(first, 2);

    const runs = [];
    for (const [i, concurrency] of concurrencies.entries()) {
      const worker = await startWorker(concurrency);
      console.log(`concurrency ${concurrency}: ${totalEvents.toLocaleString()} events...`);
      const load = await measure(worker, totalEvents, BATCH);
      let idle: Awaited<ReturnType<typeof measure>> | undefined;
      if (i === 0) {
        console.log(`concurrency ${concurrency}: idle latency, ${idleEvents} single events 30 ms apart...`);
        idle = await measure(worker, idleEvents, 1, 30);
      }
      await worker.stop();
      console.log(
        `ceiling: autocannon, ${concurrency} connections, ${ceilingSeconds} s, the same signed body...`,
      );
      runs.push({ concurrency, load, idle, ceiling: await ceiling(concurrency) });
    }
    const [{ failed = 0 } = {}] = await db.query<{ failed: number }>(
      "select count(*)::int as failed from deliveries where status <> 'succeeded'",
    );

    const row = (measureName: string, value: string, anchor: string, ratio: number, target: string) =>
      `| ${measureName} | ${value} | ${anchor} | ${ratio.toFixed(2)} | ${target} |`;
    const lines = ['| measure | value | anchor | ratio | target |', '| --- | ---: | ---: | ---: | --- |'];
    for (const run of runs) {
      const c = `concurrency ${run.concurrency}`;
      lines.push(
        row(
          `deliveries/s, one worker (${c}), ${totalEvents.toLocaleString()} events`,
          run.load.perSecond.toFixed(0),
          `autocannon ceiling ${run.ceiling.perSecond.toFixed(0)} req/s (${run.concurrency} connections)`,
          run.load.perSecond / run.ceiling.perSecond,
          '≥ 0.50',
        ),
      );
      if (run.idle) {
        lines.push(
          row(
            `commit→receipt p50, idle queue (${c})`,
            `${run.idle.p50.toFixed(1)} ms`,
            '50 ms',
            run.idle.p50 / 50,
            '≤ 1.00',
          ),
        );
        lines.push(
          row(
            `commit→receipt p99, idle queue (${c})`,
            `${run.idle.p99.toFixed(1)} ms`,
            '50 ms',
            run.idle.p99 / 50,
            '—',
          ),
        );
      }
      lines.push(
        row(
          `commit→receipt p50, under the load (${c})`,
          `${run.load.p50.toFixed(0)} ms`,
          '50 ms',
          run.load.p50 / 50,
          '—',
        ),
      );
      lines.push(
        row(
          `commit→receipt p99, under the load (${c})`,
          `${run.load.p99.toFixed(0)} ms`,
          '50 ms',
          run.load.p99 / 50,
          '—',
        ),
      );
    }
    console.log(`\n${lines.join('\n')}\n`);
    for (const run of runs) {
      const measured = [run.load, ...(run.idle ? [run.idle] : [])];
      const sum = (pick: (m: (typeof measured)[number]) => number) =>
        measured.reduce((a, m) => a + pick(m), 0);
      console.log(
        `concurrency ${run.concurrency}: worker sent ${sum((m) => m.received)} requests, the receiver rejected ${sum((m) => m.rejected)}, ${sum((m) => m.missing)} events missing; ` +
          `autocannon ${run.ceiling['2xx']} 2xx in ${run.ceiling.duration.toFixed(1)} s, ${run.ceiling.non2xx} non-2xx, ${run.ceiling.errors} errors, receiver verified ${run.ceiling.verified}, rejected ${run.ceiling.rejected}; ` +
          `CPU per request: receiver ${run.ceiling.receiverCpuPerRequest.toFixed(0)} µs under autocannon, ${run.load.receiverCpuPerRequest.toFixed(0)} µs under the worker; worker ${run.load.workerCpuPerEvent.toFixed(0)} µs per delivery, producer ${run.load.producerCpuPerEvent.toFixed(0)} µs per event`,
      );
    }
    console.log(
      `${failed} deliveries not succeeded; ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`,
    );
  } finally {
    receiver.send({ type: 'stop' });
    await db.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
