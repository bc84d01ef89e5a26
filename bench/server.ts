// `npm run bench:server`: the reference server against its floor (a bare Express handler running the same SQL)
// on PostgreSQL with 1,000,000 prospects, 10 s per endpoint at 50 connections with autocannon.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/pk_bench, created if missing),
// BENCH_DURATION_S (default 10), BENCH_ROWS (default 1000000), BENCH_ONLY (run only the endpoints whose name
// contains it), BENCH_CPU_PROF (a directory: each child writes `node --cpu-prof` profiles in a subdirectory on exit).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiToken, createWorkspace, openDatabase } from '@prospectkit/server';
import autocannon from 'autocannon';
import postgres from 'postgres';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pk_bench';
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
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
async function seed(): Promise<{ workspaceId: string; token: string; sampleId: string }> {
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
  const [sample] = await db.query<{ id: string }>(
    'select id from prospects where workspace_id = $1 order by created_at limit 1 offset 500000',
    [workspace.id],
  );
  await db.close();
  return { workspaceId: workspace.id, token, sampleId: (sample ?? { id: '' }).id };
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
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return child;
}

function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(
  base: string,
  path: string,
  token: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<Result> {
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
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

await ensureDatabase();
const { workspaceId, token, sampleId } = await seed();
const ours = await startChild(
  [...profileArgs('reference'), '--import', 'tsx', 'packages/server/src/cli.ts', 'start'],
  {
    DATABASE_URL: url,
    PORT: '3901',
    NODE_ENV: 'production',
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

const cases: Array<[string, string, 'GET' | 'POST']> = [
  ['GET /prospects/{id}', `/api/v1/prospects/${sampleId}`, 'GET'],
  ['GET /prospects?per_page=25', '/api/v1/prospects?per_page=25', 'GET'],
  ['GET /prospects?search=zephyr orbit', '/api/v1/prospects?search=zephyr%20orbit', 'GET'],
  ['POST /prospects', '/api/v1/prospects', 'POST'],
];
const table: string[] = [];
table.push('| endpoint | server | req/s | p50 ms | p99 ms | errors | non-2xx | ratio to floor |');
table.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [name, path, method] of cases) {
  if (only && !name.includes(only)) continue;
  await settle();
  const a = await load('http://127.0.0.1:3901', path, token, method);
  await settle();
  const b = await load('http://127.0.0.1:3902', path, token, method);
  table.push(
    `| ${name} | reference | ${a.rps.toFixed(0)} | ${a.p50} | ${a.p99} | ${a.errors} | ${a.non2xx} | ${(a.rps / b.rps).toFixed(2)} |`,
  );
  table.push(
    `| ${name} | floor | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${b.errors} | ${b.non2xx} | 1.00 |`,
  );
}
table.push('');
table.push(
  `peak RSS: reference ${peakRssMb(ours.pid).toFixed(0)} MB, floor ${peakRssMb(floor.pid).toFixed(0)} MB`,
);
console.log(`\n${rows.toLocaleString()} prospects, ${durationS} s per run, 50 connections\n`);
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
