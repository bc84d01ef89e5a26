// `npm run bench:import [-- --rows N]`: the import engine against its floor, on PostgreSQL and on PGlite.
//   1. import: a CSV of N realistic rows (default 100,000; @prospectkit/fake-data, seeded; 5% invalid, 5%
//      duplicates) uploaded into the database and imported by the import runner of a running server
//      (startServer), while a client GETs /api/v1/prospects 10 times a second: rows per second, p99 of the
//      GETs, peak RSS;
//   2. floor: the same valid rows inserted with their events by a bare loop of multi-row INSERTs (500 a
//      transaction), in the same run;
//   3. memory (PostgreSQL, bench/import-memory.ts in a fresh process, with Node's defaults and with the worker
//      settings of docs/deployment.md): a ~100 MB file (long notes) uploaded and imported; RSS growth over the start.
// Targets: import at least 0.5 of the floor's rows per second; GET p99 under 200 ms; RSS growth under 100 MB.
// Env: BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres; throwaway databases are created on
// it and dropped), BENCH_MEMORY_MB (default 100; 0 skips step 3), BENCH_ENGINES (default `postgres,pglite`: the databases of steps 1-2).
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createApiToken,
  createLogger,
  createWorkspace,
  type Database,
  loadConfig,
  openDatabase,
  startServer,
} from '@prospectkit/server';
import { bundleForNode } from './bundle.js';
import { type BenchCsv, writeBenchCsv } from './import-csv-file.js';
import { withPostgres } from './import-database.js';
import { insertFloor } from './import-floor.js';
import { runImport } from './import-run.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const rows = Number(values.rows);
const memoryMb = Number(process.env.BENCH_MEMORY_MB ?? 100);
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');

const MB = 1024 * 1024;

/**
 * The memory step's runs: Node's and glibc's defaults, and the settings docs/deployment.md gives a `worker`
 * process (a heap sized for it, and two malloc arenas, so the import thread's frees do not strand memory in arenas
 * of their own), which the target is read on.
 */
const MEMORY_SETTINGS = [
  { label: "V8's and glibc's defaults", heap: [] as string[], env: {} },
  {
    label: 'the worker settings of docs/deployment.md: --max-old-space-size=256, MALLOC_ARENA_MAX=2',
    heap: ['--max-old-space-size=256'],
    env: { MALLOC_ARENA_MAX: '2' },
  },
];
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Runs the import through a started server (its runner), with GETs at 10/s, then the floor. */
async function measure(db: Database, csv: BenchCsv) {
  const config = loadConfig(
    {
      PORT: '0',
      LOG_LEVEL: 'silent',
      PROSPECTKIT_RATE_LIMIT: '1000000',
      PROSPECTKIT_ADMIN_PASSWORD: 'benchmark-admin-password',
    },
    { serving: false },
  );
  const server = await startServer(config, { db, logger: createLogger('silent'), validateResponses: false });
  // The GETs reuse one kept-alive connection; a slow answer must not race the server's idle timeout (5 s).
  server.server.keepAliveTimeout = 120_000;
  try {
    const workspace = await createWorkspace(db, 'Import bench');
    const { token } = await createApiToken(db, {
      workspaceId: workspace.id,
      name: 'bench',
      abilities: ['prospects:read'],
      expiresAt: new Date(Date.now() + 86_400_000),
      now: new Date(),
    });
    const imported = await runImport(db, {
      workspaceId: workspace.id,
      file: csv.path,
      listUrl: `${server.baseUrl}/prospects?per_page=20`,
      token,
    });
    const floorWorkspace = await createWorkspace(db, 'Floor bench');
    const floor = await insertFloor(db, { workspaceId: workspace.id }, floorWorkspace.id);
    return { imported, floor };
  } finally {
    await server.close();
  }
}

function report(engine: string, csv: BenchCsv, m: Awaited<ReturnType<typeof measure>>) {
  const { imported, floor } = m;
  const importRate = csv.rows / imported.seconds;
  const createdRate = imported.job.created_count / imported.runSeconds;
  const floorRate = floor.rows / floor.seconds;
  const ratio = createdRate / floorRate;
  console.log(`\n## ${engine}: ${csv.rows.toLocaleString()} rows, ${(csv.bytes / MB).toFixed(1)} MB`);
  console.log(`| measure | value | target |`);
  console.log(`| --- | --- | --- |`);
  console.log(
    `| import, upload + run | ${imported.seconds.toFixed(1)} s (upload ${imported.uploadSeconds.toFixed(1)} s), ${Math.round(importRate)} rows/s read | |`,
  );
  console.log(
    `| created / skipped / rejected | ${imported.job.created_count} / ${imported.job.skipped_count} / ${imported.job.rejected_count} | |`,
  );
  console.log(`| run: prospects + events created per s | ${Math.round(createdRate)} | |`);
  console.log(
    `| floor: bare multi-row INSERTs, prospects + events per s | ${Math.round(floorRate)} (${floor.rows} rows) | |`,
  );
  console.log(`| run / floor | ${ratio.toFixed(2)} | >= 0.5: ${verdict(ratio >= 0.5)} |`);
  console.log(
    `| GET /prospects during the import, p50 / p99 (${imported.gets.length} GETs) | ${imported.p50.toFixed(0)} / ${imported.p99.toFixed(0)} ms | p99 < 200 ms: ${verdict(imported.p99 < 200)} |`,
  );
  console.log(
    `| peak RSS / growth over the start | ${(imported.peakRss / MB).toFixed(0)} / ${(imported.rssGrowth / MB).toFixed(0)} MB | |`,
  );
}

/**
 * The memory step built as the server is published (esbuild, the import thread a module of its own beside it, as
 * in dist/), so it runs on plain `node` as a deployed `prospectkit-server worker` does: under tsx the import
 * thread would also load tsx and compile TypeScript, some 25 MB no deployment has.
 */
async function buildMemoryStep(outdir: string): Promise<string> {
  const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const built = await bundleForNode(
    {
      'import-memory': here('./import-memory.ts'),
      'import-thread': here('../packages/server/src/import/import-thread.ts'),
    },
    outdir,
    here('./tsconfig.json'),
  );
  return built['import-memory'] as string;
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'pk-bench-import-'));
  console.log(
    `import benchmark: ${rows.toLocaleString()} rows; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  try {
    const csv = await writeBenchCsv(join(dir, 'prospects.csv'), rows);
    if (engines.includes('postgres'))
      report(
        'PostgreSQL',
        csv,
        await withPostgres(async (url) => {
          const db = await openDatabase({ databaseUrl: url });
          try {
            return await measure(db, csv);
          } finally {
            await db.close();
          }
        }),
      );
    if (engines.includes('pglite')) {
      const pglite = await openDatabase({ dataDir: join(dir, 'pglite') });
      try {
        report('PGlite', csv, await measure(pglite, csv));
      } finally {
        await pglite.close();
      }
    }
    if (memoryMb > 0) {
      // In a process of its own, as a fleet's `prospectkit-server worker` runs imports, so the runs above do not
      // count; twice: with V8's defaults, and with the old generation capped, to tell data held from garbage V8
      // has not yet collected (docs/benchmarks.md, "Reading bench:import").
      const notesBytes = 1500;
      const big = await writeBenchCsv(join(dir, 'big.csv'), Math.ceil((memoryMb * MB) / (notesBytes + 200)), {
        notesBytes,
      });
      // Inside the repository, so the bundle's package imports resolve from its node_modules.
      const outdir = fileURLToPath(
        new URL(`../node_modules/.cache/prospectkit-bench-import/${process.pid}`, import.meta.url),
      );
      const script = await buildMemoryStep(outdir);
      for (const { label, heap, env } of MEMORY_SETTINGS) {
        const child = spawnSync(process.execPath, ['--expose-gc', ...heap, script], {
          stdio: 'inherit',
          env: {
            ...process.env,
            ...env,
            BENCH_MEMORY_FILE: big.path,
            BENCH_MEMORY_ROWS: String(big.rows),
            BENCH_MEMORY_LABEL: label,
          },
        });
        if (child.status !== 0) throw new Error(`the memory step failed (${child.status ?? child.signal})`);
      }
      await rm(outdir, { recursive: true, force: true });
    }
    console.log(
      `\nload average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
