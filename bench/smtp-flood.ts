// `npm run bench:smtp-flood`: the API's latency while the inbound SMTP listener is flooded, beside its latency
// without the flood (issue 24, finding 2). The reference server runs as a child process (from source, on
// embedded PGlite in a temporary directory, or on PostgreSQL with BENCH_DATABASE_URL); an open loop of API calls
// (GET /prospects?per_page=25 and /healthz) runs through three phases:
//   - quiet: no mail;
//   - big: 10 connections from one address (127.0.0.2), each sending 24 MB messages one after another;
//   - many: 500 connections from 50 addresses (127.0.0.10-59), each sending 10 KB messages one after another.
// It prints a table (p50, p99, max and timeouts of the API calls, p99 against the quiet phase's, what the listener
// took and refused, the server's peak RSS) and the load average. BENCH_SMTP_SECONDS (default 30) sets each
// phase's length, BENCH_SMTP_RATE (default 20) the API calls a second, BENCH_SMTP_SERVER_ROOT another checkout to
// run the server from (e.g. one from before the fix, for a before/after).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { peakRssMb, startChild, stopChildren } from './server-children.js';
import { type FloodTally, flood } from './smtp-flood-clients.js';
import { percentile } from './stats.js';

const seconds = Number(process.env.BENCH_SMTP_SECONDS ?? 30);
const ratePerS = Number(process.env.BENCH_SMTP_RATE ?? 20);
const serverRoot = process.env.BENCH_SMTP_SERVER_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const TIMEOUT_MS = 10_000;

/** Open-loop API calls for `durationS`: latency from when each was due, and those past {@link TIMEOUT_MS}. */
async function probe(base: string, token: string, durationS: number) {
  const dispatcher = new Agent({ connections: 64, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const latencies: number[] = [];
  let timeouts = 0;
  let failed = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < durationS * ratePerS; i++) {
    const dueAt = started + (i * 1000) / ratePerS;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const path = i % 4 === 3 ? '/healthz' : '/api/v1/prospects?per_page=25';
    pending.push(
      request(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, dispatcher })
        .then(async ({ statusCode, body }) => {
          await body.dump();
          if (statusCode === 200) latencies.push(performance.now() - dueAt);
          else failed++;
        })
        .catch((error: Error & { code?: string }) => {
          if (/Timeout/.test(error.code ?? error.name)) timeouts++;
          else failed++;
        }),
    );
  }
  await Promise.all(pending);
  await dispatcher.close();
  return { latencies, timeouts, failed, calls: durationS * ratePerS };
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const refusals = (t: FloodTally | undefined) =>
  t ? [...t.refused].map(([code, n]) => `${n}x${code}`).join(' ') || 'none' : '-';

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pk-smtp-flood-'));
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PROSPECTKIT_RATE_LIMIT: '1000000',
    PROSPECTKIT_SMTP_PORT: '0',
    PROSPECTKIT_ADMIN_PASSWORD: 'bench smtp flood password',
    ...(process.env.BENCH_DATABASE_URL
      ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
      : { PROSPECTKIT_DATA_DIR: dataDir }),
  };
  let banner = '';
  const child = await startChild(
    ['--import', 'tsx', join(serverRoot, 'packages/server/src/cli/index.ts'), 'start'],
    env,
    /Inbound mail \(SMTP\) on/,
    (text) => {
      banner += text;
    },
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const base = /reference server on (http:\/\/\S+)\/api\/v1/.exec(banner)?.[1] as string;
    const smtpPort = Number(/Inbound mail \(SMTP\) on [\d.]+:(\d+)/.exec(banner)?.[1]);
    const token = /PROSPECTKIT_TOKEN=(pkt_\w+)/.exec(banner)?.[1] as string;
    const to = /^\s+(ws_\w+@localhost)/m.exec(banner)?.[1] as string;
    if (!base || !smtpPort || !token || !to) throw new Error(`could not read the banner:\n${banner}`);
    for (let i = 0; i < 100; i++) {
      await fetch(`${base}/api/v1/prospects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ company: `Bench ${i}`, contact_email: `p${i}@bench.example` }),
      });
    }
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const rows: Array<{ phase: string; result: Awaited<ReturnType<typeof probe>>; tally?: FloodTally }> = [];
    rows.push({ phase: 'quiet (no mail)', result: await probe(base, token, seconds) });
    for (const phase of [
      {
        phase: 'big: 10 conns x 24 MB, 1 address',
        connections: 10,
        sources: ['127.0.0.2'],
        bytes: 24_000_000,
      },
      {
        phase: 'many: 500 conns, 50 addresses',
        connections: 500,
        sources: Array.from({ length: 50 }, (_, i) => `127.0.0.${10 + i}`),
        bytes: 10_000,
      },
    ]) {
      const until = Date.now() + seconds * 1000;
      const flooding = flood({ port: smtpPort, to, until, backoffMs: 200, ...phase });
      // Let the flood open its connections first, so every API call of the phase meets it.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const result = await probe(base, token, seconds - 1);
      rows.push({ phase: phase.phase, result, tally: await flooding });
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    const quietP99 = percentile(rows[0]?.result.latencies ?? [], 0.99);
    console.log(
      `\nAPI calls at ${ratePerS}/s (GET /prospects?per_page=25 and /healthz), ${seconds} s a phase, timeout ${TIMEOUT_MS / 1000} s`,
    );
    console.log(
      '| phase | calls | p50 ms | p99 ms | max ms | timeouts | failed | p99 / quiet | SMTP accepted | SMTP refused (count x code) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const { phase, result, tally } of rows) {
      const p99 = percentile(result.latencies, 0.99);
      console.log(
        `| ${phase} | ${result.calls} | ${fmt(percentile(result.latencies, 0.5))} | ${fmt(p99)} | ${fmt(Math.max(...result.latencies))} | ${result.timeouts} | ${result.failed} | ${(p99 / quietP99).toFixed(2)} | ${tally?.accepted ?? '-'} | ${refusals(tally)} |`,
      );
    }
    console.log(`\nserver peak RSS: ${peakRssMb(child.pid).toFixed(0)} MB`);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (cat /proc/loadavg)`,
    );
    console.log(`server from: ${serverRoot}`);
  } finally {
    await stopChildren([child]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
