// `npm run bench:server`: the reference server as published (bench/server-build.ts: its build on plain node) against
// its floor (a bare Express handler running the same SQL, bundled the same way)
// on PostgreSQL, on the seeded faker dataset (bench/dataset.ts: the measured workspace holds BENCH_ROWS
// prospects, 20 other workspaces as many again). Closed loop: each endpoint and each search class at 50
// connections with autocannon, reference and floor alternating. Open loop: each search class alone at a fixed
// arrival rate (bench/search-open-loop.ts), then each filter of the list alone and with a search, three sorts and
// the deepest page by cursor (bench/list-filter-cases.ts), each with its target p99. Then a line per target, met
// or NOT met, with its ratio.
// Env: BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres: the dataset's database is made
// beside it), BENCH_SEED (default 1), BENCH_ROWS (default 1000000), BENCH_DURATION_S (default 10),
// BENCH_ROUNDS (default 3; the table gives medians, the ratio is the median of each round's reference/floor),
// BENCH_OPEN_LOOP_S (default 15, per class; 0 leaves the open loop out), BENCH_RATE (default 100 requests a
// second), BENCH_ONLY (run only the closed-loop rows whose name contains it), BENCH_SKIP (leave out the search
// classes whose name contains one of these comma-separated words, in both loops), BENCH_REDIS_URL (default
// redis://127.0.0.1:6379: a third server counts its rate limit there, to compare CPU per request with the PostgreSQL store), BENCH_CPU_PROF (a
// directory: each child writes `node --cpu-prof` profiles in a subdirectory on exit), BENCH_DATASET (`stress`: the
// named stress case of bench/stress-dataset.ts instead of the faker dataset).
import type { ChildProcess } from 'node:child_process';
import { createApiToken, openDatabase } from '@prospectkit/server';
import postgres from 'postgres';
import { closedLoop, type Result, summary } from './closed-loop.js';
import { ensureDataset } from './dataset.js';
import { ensureFilterData, listCases } from './list-filter-cases.js';
import { openLoopSearch } from './search-open-loop.js';
import { searchTerms } from './search-terms.js';
import { buildBenchServers } from './server-build.js';
import { peakRssMb, startChild, stopChildren } from './server-children.js';
import { type DatasetKind, stressTerms } from './stress-dataset.js';

const env = process.env;
const adminUrl = env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seed = Number(env.BENCH_SEED ?? 1);
const rows = Number(env.BENCH_ROWS ?? 1_000_000);
const durationS = Number(env.BENCH_DURATION_S ?? 10);
const rounds = Number(env.BENCH_ROUNDS ?? 3);
const openLoopS = Number(env.BENCH_OPEN_LOOP_S ?? 15);
const ratePerS = Number(env.BENCH_RATE ?? 100);
const only = env.BENCH_ONLY;
const redisUrl = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const profileArgs = (name: string) =>
  env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', `${env.BENCH_CPU_PROF}/${name}`] : [];

/**
 * The dataset as loaded: the prospects and events POSTs added go, the count shards are recounted, and VACUUM
 * empties the GIN indexes' pending lists. 24,000 rows the closed loop's POSTs had left there made every search
 * by the words' or the tags' index scan them all: `Dumont` cost 10 ms of CPU instead of 6.5, and its open loop
 * queued for seconds (docs/benchmarks.md, "Reading bench:server").
 */
async function removePostedRows(url: string, workspaceId: string) {
  const db = await openDatabase({ databaseUrl: url });
  await db.query('delete from events where workspace_id = $1', [workspaceId]);
  await db.query("delete from prospects where workspace_id = $1 and company = 'Bench Co'", [workspaceId]);
  await db.query('delete from prospect_counts where workspace_id = $1', [workspaceId]);
  await db.query(
    'insert into prospect_counts (workspace_id, shard, count) select $1, 0, count(*) from prospects where workspace_id = $1',
    [workspaceId],
  );
  await db.query('vacuum analyze prospects');
  await db.close();
}

/** Every run starts from the same state: what earlier runs' POSTs added goes, and the counters restart. */
async function prepare(url: string, workspaceId: string) {
  await removePostedRows(url, workspaceId);
  const db = await openDatabase({ databaseUrl: url });
  await db.query('delete from rate_limits');
  const now = new Date();
  const { token } = await createApiToken(db, {
    workspaceId,
    name: 'bench',
    abilities: ['prospects:read', 'prospects:write', 'outcomes:write'],
    expiresAt: new Date(now.getTime() + 86_400_000),
    now,
  });
  const [sample] = await db.query<{ id: string }>(
    'select id from prospects where workspace_id = $1 order by created_at limit 1 offset $2',
    [workspaceId, Math.floor(rows / 2)],
  );
  await db.close();
  return { token, sampleId: sample?.id ?? '' };
}

const datasetKind: DatasetKind = env.BENCH_DATASET === 'stress' ? 'stress' : 'faker';
const { url, workspaceId } = await ensureDataset({ adminUrl, seed, rows, kind: datasetKind });
const { token, sampleId } = await prepare(url, workspaceId);
const reference = (port: number, extra: Record<string, string> = {}) => ({
  DATABASE_URL: url,
  PORT: String(port),
  NODE_ENV: 'production',
  // Production needs its https public origin, served through a trusted proxy (the bench calls it directly).
  PROSPECTKIT_PUBLIC_URL: 'https://bench.example',
  PROSPECTKIT_TRUST_PROXY: 'loopback',
  LOG_LEVEL: 'warn',
  PROSPECTKIT_RATE_LIMIT: '1000000',
  ...extra,
});
const built = await buildBenchServers();
const serverArgs = built.reference;
const ours = await startChild(
  [...profileArgs('reference'), ...serverArgs],
  reference(3901),
  /reference server on/,
);
const floor = await startChild(
  [...profileArgs('floor'), ...built.floor],
  { DATABASE_URL: url, PORT: '3902', BENCH_WORKSPACE_ID: workspaceId },
  /floor ready/,
);
const oursRedis = await startChild(
  [...profileArgs('reference-redis'), ...serverArgs],
  reference(3903, { PROSPECTKIT_REDIS_URL: redisUrl }),
  /reference server on/,
);
// On an error the children must not outlive the bench (they hold its ports).
process.once('exit', () => {
  for (const child of [ours, floor, oursRedis]) child.kill();
});

// autocannon stops at the deadline, but statements a server already sent keep PostgreSQL busy; the next run
// waits for them, so it is not measured against the previous one's backlog.
const monitor = postgres(url, { max: 1, onnotice: () => {} });
async function settle(): Promise<void> {
  for (let waitedMs = 0; waitedMs < 120_000; waitedMs += 200) {
    const [busy] = await monitor`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()`;
    if (busy?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const skipped = (env.BENCH_SKIP ?? '').split(',').filter((word) => word !== '');
const terms = (
  datasetKind === 'stress' ? await stressTerms(url, workspaceId) : await searchTerms(url, workspaceId, rows)
).filter(({ name }) => !skipped.some((w) => name.includes(w)));
// Each class's matches, counted once (count=exact) for its label and its target; the measured requests are the
// default request, which counts nothing (openapi.yaml parameter `Count`).
const matches = new Map<string, number>();
for (const { term } of terms) {
  const response = await fetch(
    `http://127.0.0.1:3901/api/v1/prospects?search=${encodeURIComponent(term)}&count=exact`,
    {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    },
  );
  matches.set(term, ((await response.json()) as { meta: { total: number } }).meta.total);
}
const searchPath = (term: string) => `/api/v1/prospects?search=${encodeURIComponent(term)}`;
// The list's filters, sorts and deep cursor (bench/list-filter-cases.ts), in the open loop with their targets.
await ensureFilterData(url, workspaceId);
const rareTerm = terms.find((t) => t.name === 'surname')?.term ?? 'smith';
const listLines = (await listCases(url, workspaceId, rows, rareTerm)).filter(
  ({ name }) => !skipped.some((w) => name.includes(w)),
);
for (const { query } of listLines) {
  const response = await fetch(`http://127.0.0.1:3901/api/v1/prospects?${query}&count=exact`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  matches.set(query, ((await response.json()) as { meta: { total: number } }).meta.total);
}
const cases: Array<{ name: string; path: string; method: 'GET' | 'POST'; target?: number }> = [
  { name: 'GET /prospects/{id}', path: `/api/v1/prospects/${sampleId}`, method: 'GET', target: 0.8 },
  { name: 'GET /prospects?per_page=25', path: '/api/v1/prospects?per_page=25', method: 'GET', target: 0.95 },
  ...terms.map(({ name, term }) => ({
    name: `search ${name}: ${term} (${matches.get(term)?.toLocaleString()} matches)`,
    path: searchPath(term),
    method: 'GET' as const,
    target: 0.9,
  })),
  { name: 'POST /prospects', path: '/api/v1/prospects', method: 'POST', target: 0.9 },
];

const lines: string[] = [];
// A search's CPU per request (server and PostgreSQL, ms) at saturation, for the open loop's rates.
const cpuByPath = new Map<string, number>();
const verdicts: string[] = [];
const verdict = (what: string, met: boolean, detail: string) =>
  verdicts.push(`${met ? 'met' : 'NOT met'}: ${what} (${detail})`);
lines.push(
  '| endpoint | server | req/s | p50 ms | p99 ms (worst round) | errors | non-2xx | ratio to floor (rounds) | server CPU µs/req | PostgreSQL CPU µs/req |',
);
lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const row = (name: string, server: string, s: ReturnType<typeof summary>, ratio: string) =>
  `| ${name} | ${server} | ${s.rps.toFixed(0)} | ${s.p50} | ${s.p99} (${s.worstP99}) | ${s.errors} | ${s.non2xx} | ${ratio} | ${s.serverCpu.toFixed(0)} | ${s.postgresCpu.toFixed(0)} |`;
for (const { name, path, method, target } of cases) {
  if (only && !name.includes(only)) continue;
  const runs: Record<'ours' | 'floor' | 'redis', Result[]> = { ours: [], floor: [], redis: [] };
  const ratios: number[] = [];
  // The Redis store is compared on the cheapest request, where the rate limit weighs most.
  const withRedis = method === 'GET' && path.includes(sampleId);
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always runs on a machine the other just warmed or heated.
    const order: Array<'ours' | 'floor' | 'redis'> = round % 2 === 0 ? ['ours', 'floor'] : ['floor', 'ours'];
    if (withRedis) order.push('redis');
    for (const which of order) {
      await settle();
      const [server, port] = (
        { ours: [ours, 3901], floor: [floor, 3902], redis: [oursRedis, 3903] } as const
      )[which];
      runs[which].push(
        await closedLoop({
          server: server as ChildProcess,
          url: `http://127.0.0.1:${port}${path}`,
          token,
          method,
          durationS,
        }),
      );
    }
    // A round where the floor answered nothing has no ratio (NaN), and fails its target.
    const floorRps = (runs.floor[round] as Result).rps;
    ratios.push(floorRps > 0 ? (runs.ours[round] as Result).rps / floorRps : Number.NaN);
  }
  const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] as number;
  const measured = summary(runs.ours);
  if (path.startsWith('/api/v1/prospects?search=') && measured.errors === 0)
    cpuByPath.set(path, (measured.serverCpu + measured.postgresCpu) / 1000);
  lines.push(
    row(
      name,
      'reference',
      summary(runs.ours),
      `${ratio.toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    ),
  );
  lines.push(row(name, 'floor', summary(runs.floor), '1.00'));
  if (withRedis) {
    const redisRatios = runs.redis.map((r, i) => r.rps / (runs.floor[i] as Result).rps);
    lines.push(
      row(
        name,
        'reference, Redis rate limit',
        summary(runs.redis),
        redisRatios.map((r) => r.toFixed(2)).join(', '),
      ),
    );
  }
  if (target !== undefined)
    verdict(
      `closed loop ${name} at least ${target} of the floor`,
      ratio >= target,
      `ratio ${ratio.toFixed(2)}`,
    );
}
lines.push('');
lines.push(
  `peak RSS: reference ${peakRssMb(ours.pid).toFixed(0)} MB, floor ${peakRssMb(floor.pid).toFixed(0)} MB`,
);

// BENCH_OPEN_LOOP_S=0 leaves the open loop out (for profiling a closed-loop row).
if (openLoopS > 0) {
  // The open loop reads the dataset as loaded, not with the closed loop's POSTs on top of it.
  await removePostedRows(url, workspaceId);
  const open = await openLoopSearch({
    base: 'http://127.0.0.1:3901',
    token,
    classes: [
      ...terms.map(({ name, term }) => ({
        name,
        term,
        path: searchPath(term),
        matches: matches.get(term) ?? 0,
      })),
      ...listLines.map(({ name, query, targetMs }) => ({
        name,
        term: decodeURIComponent(query).slice(0, 60),
        path: `/api/v1/prospects?${query}`,
        matches: matches.get(query) ?? 0,
        targetMs,
      })),
    ],
    ratePerS,
    durationS: openLoopS,
    settle,
    serverPid: ours.pid,
    cpuByPath,
  });
  lines.push('', ...open.lines);
  for (const { what, met, detail } of open.verdicts) verdict(what, met, detail);
}
console.log(
  `\n${rows.toLocaleString()} prospects measured (and as many in 20 other workspaces), ${durationS} s per run, ${rounds} rounds, 50 connections; medians of the rounds\n`,
);
console.log(lines.join('\n'));
console.log(`\n${verdicts.join('\n')}`);
await monitor.end();
await stopChildren([ours, floor, oursRedis]);
