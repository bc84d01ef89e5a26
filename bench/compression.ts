// `npm run bench:compression`: what compressing costs and saves, per request class, in one run. One server child
// (bench/compression-server.ts, PostgreSQL, 300 realistic prospects) answers each class with no compression (the
// floor: requests without Accept-Encoding), gzip and brotli (quality 4). For each: the server's CPU per request
// and the bytes of an answer at saturation (10 connections), then the latency at a fixed rate of 100 requests a
// second. The app's pages and assets are compressed by the product; the API is not, and this says why.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { processCpuMicros, stopChildren } from './server-children.js';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const password = 'compression bench password';
const durationS = Number(process.env.BENCH_DURATION_S ?? 8);
console.log(
  `load average at start: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/compression-server.ts'], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_ADMIN_PASSWORD: password, NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.once('exit', () => child.kill());
const ready = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const line = /ready (\d+) (\S+) (\S+)/.exec(out);
    if (line) resolve(line[0]);
  });
  child.once('exit', (code) => reject(new Error(`the server child exited with ${code}`)));
});
const [, port, token, workspaceId] = ready.split(' ') as [string, string, string, string];
const origin = `http://127.0.0.1:${port}`;

/** Signs in through the form, as a browser does, and returns the session cookie. */
async function signIn(): Promise<string> {
  const form = await fetch(`${origin}/sign-in`);
  const nonce = (form.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] as string;
  const answer = await fetch(`${origin}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: nonce, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'owner@bench.example', password, _csrf: csrf }).toString(),
  });
  return (answer.headers.getSetCookie().find((c) => c.startsWith('prospectkit_settings=')) ?? '').split(
    ';',
  )[0] as string;
}

const session = await signIn();
const listPage = await fetch(`${origin}/workspaces/${workspaceId}/prospects?per_page=50`, {
  headers: { cookie: session },
});
const stylesheet = /href="(\/assets\/settings\.css\?v=\w+)"/.exec(await listPage.text())?.[1] as string;
const api = { authorization: `Bearer ${token}`, accept: 'application/json' };
const classes: Array<{ name: string; path: string; headers: Record<string, string>; product: string }> = [
  {
    name: 'API list, 25 a page',
    path: '/api/v1/prospects?per_page=25',
    headers: api,
    product: 'not compressed',
  },
  {
    name: 'API list, 100 a page',
    path: '/api/v1/prospects?per_page=100',
    headers: api,
    product: 'not compressed',
  },
  {
    name: 'app: prospects page, 50 a page',
    path: `/workspaces/${workspaceId}/prospects?per_page=50`,
    headers: { cookie: session },
    product: 'compressed',
  },
  { name: 'app: settings.css', path: stylesheet, headers: {}, product: 'compressed' },
];
const encodings = [
  ['none (floor)', undefined],
  ['gzip', 'gzip'],
  ['brotli q4', 'br'],
] as const;

interface Row {
  cls: string;
  encoding: string;
  rps: number;
  cpuUs: number;
  bytes: number;
  p50: number;
  p99: number;
}
const rows: Row[] = [];
for (const cls of classes) {
  for (const [encoding, header] of encodings) {
    const headers = { ...cls.headers, ...(header ? { 'accept-encoding': header } : {}) };
    const before = processCpuMicros(child.pid);
    const saturated = await autocannon({
      url: origin + cls.path,
      connections: 10,
      duration: durationS,
      headers,
    });
    const requests = Math.max(1, saturated.requests.total);
    const cpuUs = (processCpuMicros(child.pid) - before) / requests;
    const fixed = await autocannon({
      url: origin + cls.path,
      connections: 10,
      duration: durationS,
      overallRate: 100,
      headers,
    });
    if (saturated.non2xx + fixed.non2xx + saturated.errors + fixed.errors > 0)
      throw new Error(`${cls.name}: errors`);
    rows.push({
      cls: cls.name,
      encoding,
      rps: saturated.requests.average,
      cpuUs,
      bytes: saturated.throughput.total / requests,
      p50: fixed.latency.p50,
      p99: fixed.latency.p99,
    });
  }
}
await stopChildren([child]);

console.log(
  '\n| class | encoding | req/s (saturation) | server CPU µs/req | ratio to floor | bytes/answer | ratio to floor | p50 / p99 ms at 100/s |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const floor = rows.find((r) => r.cls === row.cls && r.encoding === 'none (floor)') as Row;
  console.log(
    `| ${row.cls} | ${row.encoding} | ${Math.round(row.rps)} | ${Math.round(row.cpuUs)} | ${(row.cpuUs / floor.cpuUs).toFixed(2)} | ${Math.round(row.bytes)} | ${(row.bytes / floor.bytes).toFixed(2)} | ${row.p50} / ${row.p99} |`,
  );
}
console.log('');
for (const cls of classes) {
  const floor = rows.find((r) => r.cls === cls.name && r.encoding === 'none (floor)') as Row;
  const br = rows.find((r) => r.cls === cls.name && r.encoding === 'brotli q4') as Row;
  console.log(
    `${cls.name}: brotli costs ${Math.round(br.cpuUs - floor.cpuUs)} µs of server CPU per answer to save ${Math.round(floor.bytes - br.bytes)} bytes (${((1 - br.bytes / floor.bytes) * 100).toFixed(0)}%); the product: ${cls.product}`,
  );
}
console.log(
  `load average at end: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
