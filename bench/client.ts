// `npm run bench:client`: @prospectkit/client against raw fetch (the anchor) and openapi-fetch alone, on
// sequential GET /prospects/{id} to a local reference server (PGlite in a temp data dir), in one run with the
// contenders taking turns request by request. Target: the client keeps at least 0.9 of raw fetch's throughput.
// Then the bundle sizes (size-limit, min+gzip) of the client beside openapi-fetch alone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createClient, type paths } from '@prospectkit/client';
import { bootstrapDemo, loadConfig, openDatabase, startServer } from '@prospectkit/server';
import createFetchClient from 'openapi-fetch';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const WARMUP = 300;
const TARGET = 0.9;

type Contender = { name: string; get: () => Promise<unknown> };

const dataDir = mkdtempSync(join(tmpdir(), 'prospectkit-bench-'));
const db = await openDatabase({ dataDir: join(dataDir, 'db') });
const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), port: 0, rateLimit: 1_000_000 };
// Response validation is a development aid; production servers run without it, and it would only add the same
// server time to every contender.
const server = await startServer(config, { db, validateResponses: false });

try {
  const demo = await bootstrapDemo(db);
  if (!demo) throw new Error('bench: expected an empty database');
  const { baseUrl } = server;
  const { token } = demo;
  const client = createClient({ baseUrl, token });
  const { id } = await client.prospects.create({ company: 'Bench Co', contact_email: 'bench@bench.example' });
  const url = `${baseUrl}/prospects/${id}`;
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const bare = createFetchClient<paths>({ baseUrl, headers });

  const contenders: Contender[] = [
    {
      name: 'raw fetch (anchor)',
      get: async () => {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`raw fetch: ${response.status}`);
        return response.json();
      },
    },
    {
      name: 'openapi-fetch alone',
      get: async () => {
        const { data, response } = await bare.GET('/prospects/{id}', { params: { path: { id } } });
        if (!data) throw new Error(`openapi-fetch: ${response.status}`);
        return data;
      },
    },
    { name: '@prospectkit/client prospects.get', get: () => client.prospects.get(id) },
  ];

  for (const c of contenders) for (let i = 0; i < WARMUP; i++) await c.get();

  // Contenders take turns request by request (the order rotating each time), so drift in the machine's load
  // falls on all of them alike.
  const latencies = new Map(contenders.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < REQUESTS; i++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(i + k) % contenders.length] as Contender;
      const started = performance.now();
      await c.get();
      (latencies.get(c.name) as number[]).push(performance.now() - started);
    }
  }

  const stats = contenders.map((c) => {
    const samples = (latencies.get(c.name) as number[]).slice().sort((a, b) => a - b);
    const totalMs = samples.reduce((sum, ms) => sum + ms, 0);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
    return {
      name: c.name,
      n: samples.length,
      totalMs,
      rps: (samples.length / totalMs) * 1000,
      p50: at(0.5),
      p99: at(0.99),
    };
  });
  const anchor = stats[0]?.rps ?? 1;

  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\nGET /prospects/{id}, ${REQUESTS} sequential requests per contender, taking turns request by request`,
  );
  console.log(`Node ${process.version}, ${cpus().length} CPUs, load average ${load}`);
  console.log(`server: ${baseUrl} (PGlite in ${dataDir}, response validation off)\n`);
  console.log('| contender | requests | req/s | p50 ms | p99 ms | vs raw fetch |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const s of stats) {
    console.log(
      `| ${s.name} | ${s.n} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(3)} | ${s.p99.toFixed(3)} | ${(s.rps / anchor).toFixed(3)} |`,
    );
  }
  const ratio = (stats[2]?.rps ?? 0) / anchor;
  console.log(
    `\nclient / raw fetch throughput: ${ratio.toFixed(3)} (target >= ${TARGET}): ${ratio >= TARGET ? 'met' : 'NOT met'}`,
  );
} finally {
  await server.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

// Bundle sizes from the same size-limit config CI checks, on a fresh build.
const clientDir = fileURLToPath(new URL('../packages/client/', import.meta.url));
execFileSync('npm', ['run', 'build', '--silent'], { cwd: clientDir, stdio: 'ignore' });
const sizes = JSON.parse(
  execFileSync('npx', ['size-limit', '--json'], {
    cwd: clientDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
) as { name: string; size: number; sizeLimit?: number }[];
console.log('\n| bundle (min+gzip, size-limit) | bytes | limit |');
console.log('| --- | ---: | ---: |');
for (const s of sizes) console.log(`| ${s.name} | ${s.size} | ${s.sizeLimit ?? '-'} |`);
const whole = sizes[0]?.size ?? 0;
const alone = sizes.at(-1)?.size ?? 1;
console.log(
  `\nclient (whole) / openapi-fetch alone: ${(whole / alone).toFixed(2)}x, ${whole - alone} bytes added`,
);
