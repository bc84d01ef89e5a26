// `npm run bench:server`: the reference server against its floor (a bare Express handler running the same SQL)
// on PostgreSQL with 1,000,000 prospects, 10 s per endpoint at 50 connections with autocannon.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/pk_bench, created if missing),
// BENCH_DURATION_S (default 10), BENCH_ROUNDS (default 3: each endpoint is measured that many times, reference
// and floor alternating, and the table gives medians; the ratio is the median of each round's reference/floor),
// BENCH_ROWS (default 1000000), BENCH_ONLY (run only the endpoints whose name contains it), BENCH_CPU_PROF (a directory: each child writes `node --cpu-prof` profiles in a subdirectory on exit).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiToken, createWorkspace, openDatabase } from '@prospectkit/server';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { median } from './stats.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pk_bench';
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const only = process.env.BENCH_ONLY;
const profileDir = process.env.BENCH_CPU_PROF;
const profileArgs = (name: string) =>
  profileDir ? ['--cpu-prof', '--cpu-prof-dir', `${profileDir}/${name}`] : [];

async function ensureDatabase(): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = new URL(url).pathname.slice(1);
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) await admin.unsafe(`create database ${name}`);
  await admin.end();
}

/** Seeds `rows` prospects in one workspace, in bulk with generate_series, unless they are there already. */
async function seed(): Promise<{
  workspaceId: string;
  token: string;
  sampleId: string;
  sampleDomain: string;
}> {
  const db = await openDatabase({ databaseUrl: url });
  let [workspace] = await db.query<{ id: string }>(
    "select id from workspaces where name = 'Bench workspace'",
  );
  workspace ??= await createWorkspace(db, 'Bench workspace');
  // Every run starts from the same state: what earlier runs' POSTs added goes (the seed has no events), the
  // counters restart, and VACUUM sets the visibility map and merges the search index's pending list.
  await db.query("delete from events where workspace_id = $1 and type = 'prospect.created'", [workspace.id]);
  await db.query("delete from prospects where workspace_id = $1 and company = 'Bench Co'", [workspace.id]);
  await db.query('delete from rate_limits');
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    'select count(*)::int as total from prospects where workspace_id = $1',
    [workspace.id],
  );
  if (total < rows) {
    console.log(`seeding ${rows.toLocaleString()} prospects...`);
    const started = Date.now();
    await db.query('delete from events where workspace_id = $1', [workspace.id]);
    await db.query('delete from outcomes where workspace_id = $1', [workspace.id]);
    await db.query('delete from prospects where workspace_id = $1', [workspace.id]);
    const words =
      "array['acme','zephyr','orbit','nimbus','quartz','vertex','lumen','cobalt','harbor','summit','atlas','ember','falcon','granite','helix','ionic','juniper','kestrel','meridian','nova']";
    await db.query(
      `insert into prospects (id, workspace_id, company, domain, contact_name, contact_email, tags, created_at, updated_at)
       select 'prs_' || upper(substr(translate(md5(g::text || 'a') || md5(g::text || 'b'), 'ilou', 'jkmn'), 1, 26)),
              $1,
              initcap((${words})[1 + g % 20]) || ' ' || initcap((${words})[1 + (g / 20) % 20]) || ' ' || g,
              (${words})[1 + g % 20] || g || '.example',
              'Contact ' || g,
              'contact' || g || '@' || (${words})[1 + (g / 20) % 20] || '.example',
              '{}',
              timestamptz '2026-01-01' + g * interval '1 second',
              timestamptz '2026-01-01' + g * interval '1 second'
       from generate_series(1, $2) as g`,
      [workspace.id, rows],
    );
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await db.query('delete from prospect_counts where workspace_id = $1', [workspace.id]);
  await db.query(
    'insert into prospect_counts (workspace_id, shard, count) select $1, 0, count(*) from prospects where workspace_id = $1',
    [workspace.id],
  );
  await db.query('vacuum analyze prospects');
  const now = new Date();
  const { token } = await createApiToken(db, {
    workspaceId: workspace.id,
    name: 'bench',
    abilities: ['prospects:read', 'prospects:write', 'outcomes:write'],
    expiresAt: new Date(now.getTime() + 86_400_000),
    now,
  });
  const [sample] = await db.query<{ id: string; domain: string }>(
    'select id, domain from prospects where workspace_id = $1 order by created_at limit 1 offset $2',
    [workspace.id, Math.floor(rows / 2)],
  );
  await db.close();
  return {
    workspaceId: workspace.id,
    token,
    sampleId: sample?.id ?? '',
    sampleDomain: sample?.domain ?? '',
  };
}

async function startChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (ready.test(chunk.toString())) resolve();
    };
    // The reference server prints its banner on stderr, the floor on stdout.
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      onData(chunk);
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return child;
}

function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) of one process, in µs, from /proc (clock ticks of 10 ms). */
function processCpuMicros(pid: number | string | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
  } catch {
    return 0; // the process ended between the listing and the read
  }
}

/** CPU time of every PostgreSQL process on the machine (the server's backends and its background processes), in µs. */
function postgresCpuMicros(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMicros(entry);
    } catch {
      // gone already
    }
  }
  return total;
}

interface Result {
  rps: number;
  /** CPU of the server process per request, µs. */
  serverCpu: number;
  /** CPU of PostgreSQL per request, µs. */
  postgresCpu: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(
  server: ChildProcess,
  base: string,
  path: string,
  token: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<Result> {
  const serverBefore = processCpuMicros(server.pid);
  const postgresBefore = postgresCpuMicros();
  const result = await autocannon({
    url: `${base}${path}`,
    method,
    connections: 50,
    duration: durationS,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    ...(method === 'POST'
      ? { body: JSON.stringify({ company: 'Bench Co', contact_email: 'bench@bench.example' }) }
      : {}),
  });
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    serverCpu: (processCpuMicros(server.pid) - serverBefore) / requests,
    postgresCpu: (postgresCpuMicros() - postgresBefore) / requests,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

await ensureDatabase();
const { workspaceId, token, sampleId, sampleDomain } = await seed();
const ours = await startChild(
  [...profileArgs('reference'), '--import', 'tsx', 'packages/server/src/cli/index.ts', 'start'],
  {
    DATABASE_URL: url,
    PORT: '3901',
    NODE_ENV: 'production',
    // Production needs its https public origin, served through a trusted proxy (the bench calls it directly).
    PROSPECTKIT_PUBLIC_URL: 'https://bench.example',
    PROSPECTKIT_TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    PROSPECTKIT_RATE_LIMIT: '1000000',
  },
  /reference server on/,
);
const floor = await startChild(
  [...profileArgs('floor'), '--import', 'tsx', 'bench/server-floor.ts'],
  { DATABASE_URL: url, PORT: '3902', BENCH_WORKSPACE_ID: workspaceId },
  /floor ready/,
);

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

// Two searches: a lookup of one prospect by its domain (the usual use: a handful of matches), and two words
// that 2,500 of the million prospects share (every match is read to count the exact `meta.total`).
const lookupTerm = sampleDomain.replace('.example', '');
const cases: Array<[string, string, 'GET' | 'POST']> = [
  ['GET /prospects/{id}', `/api/v1/prospects/${sampleId}`, 'GET'],
  ['GET /prospects?per_page=25', '/api/v1/prospects?per_page=25', 'GET'],
  [
    `GET /prospects?search=${lookupTerm} (1 match)`,
    `/api/v1/prospects?search=${encodeURIComponent(lookupTerm)}`,
    'GET',
  ],
  ['GET /prospects?search=zephyr orbit (2,500 matches)', '/api/v1/prospects?search=zephyr%20orbit', 'GET'],
  ['POST /prospects', '/api/v1/prospects', 'POST'],
];
const summary = (results: Result[]) => ({
  rps: median(results.map((r) => r.rps)),
  p50: median(results.map((r) => r.p50)),
  p99: median(results.map((r) => r.p99)),
  worstP99: Math.max(...results.map((r) => r.p99)),
  errors: results.reduce((sum, r) => sum + r.errors, 0),
  non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  serverCpu: median(results.map((r) => r.serverCpu)),
  postgresCpu: median(results.map((r) => r.postgresCpu)),
});
const table: string[] = [];
table.push(
  '| endpoint | server | req/s | p50 ms | p99 ms (worst round) | errors | non-2xx | ratio to floor (rounds) | server CPU µs/req | PostgreSQL CPU µs/req |',
);
table.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [name, path, method] of cases) {
  if (only && !name.includes(only)) continue;
  const ourRuns: Result[] = [];
  const floorRuns: Result[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always runs on a machine the other just warmed or heated.
    const order = round % 2 === 0 ? ['ours', 'floor'] : ['floor', 'ours'];
    for (const which of order) {
      await settle();
      if (which === 'ours') ourRuns.push(await load(ours, 'http://127.0.0.1:3901', path, token, method));
      else floorRuns.push(await load(floor, 'http://127.0.0.1:3902', path, token, method));
    }
    ratios.push((ourRuns[round] as Result).rps / (floorRuns[round] as Result).rps);
  }
  const a = summary(ourRuns);
  const b = summary(floorRuns);
  table.push(
    `| ${name} | reference | ${a.rps.toFixed(0)} | ${a.p50} | ${a.p99} (${a.worstP99}) | ${a.errors} | ${a.non2xx} | ${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')}) | ${a.serverCpu.toFixed(0)} | ${a.postgresCpu.toFixed(0)} |`,
  );
  table.push(
    `| ${name} | floor | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} (${b.worstP99}) | ${b.errors} | ${b.non2xx} | 1.00 | ${b.serverCpu.toFixed(0)} | ${b.postgresCpu.toFixed(0)} |`,
  );
}
table.push('');
table.push(
  `peak RSS: reference ${peakRssMb(ours.pid).toFixed(0)} MB, floor ${peakRssMb(floor.pid).toFixed(0)} MB`,
);
console.log(
  `\n${rows.toLocaleString()} prospects, ${durationS} s per run, ${rounds} rounds, 50 connections; medians of the rounds\n`,
);
console.log(table.join('\n'));
await monitor.end();
// Wait for both to exit, so `--cpu-prof` profiles are written before the run ends.
await Promise.all(
  [ours, floor].map(
    (child) =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  ),
);
