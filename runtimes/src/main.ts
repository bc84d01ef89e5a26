// npm run test:runtimes: the four packages, packed and installed as a user installs them, checked in every
// runtime they claim (Node 20-26, Bun, Deno, workerd, TypeScript's three resolutions) and as a CLI; see README.md.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-packages.js';
import { checkProvenance, createConsumerProject } from './consumer-project.js';
import { consumerSuites, runSuite } from './consumer-suites.js';
import { checkBudgets, measureInstallSize, type SizeBudgets } from './install-sizes.js';
import { packPackages } from './pack-packages.js';
import { printMatrix, printSizes } from './print-matrix.js';
import { repoRoot } from './published-packages.js';
import type { CheckResult } from './results.js';
import { killRunningCommands } from './run-command.js';
import { runPool } from './run-pool.js';
import { installRuntimes } from './runtime-cache.js';
import type { ServerProcess } from './server-process.js';
import { startServers } from './start-servers.js';
import type { ThrowawayDatabase } from './throwaway-database.js';
import { type Entry, MODULE_RESOLUTIONS, runTypeScriptCheck, writeEntryFiles } from './typescript-checks.js';

const COLUMNS = [
  'npm',
  'node20',
  'node22',
  'node24',
  'node26',
  'bun',
  'deno',
  'workerd',
  'tsc-node16',
  'tsc-nodenext',
  'tsc-bundler',
  'cli-pglite',
  'cli-postgres',
  'size',
];

const started = Date.now();
const log = (line: string) =>
  console.log(`[runtimes ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`);

const work = mkdtempSync(join(tmpdir(), 'prospectkit-runtimes-'));
const results: CheckResult[] = [];
const running: { runtime: string; server: ServerProcess }[] = [];
let database: ThrowawayDatabase | undefined;

// Everything runs in its own process group, so Ctrl-C reaches only this process: end the rest before leaving.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n[runtimes] ${signal}: stopping the servers and runtimes, dropping the database.`);
    killRunningCommands();
    void Promise.all(running.map(({ server }) => server.stop()))
      .then(() => database?.drop())
      .finally(() => {
        rmSync(work, { recursive: true, force: true });
        process.exit(130);
      });
  });
}

try {
  if (await buildIfStale(log)) log('built');
  mkdirSync(join(work, 'tarballs'));
  const packed = await packPackages(join(work, 'tarballs'));
  log(`packed ${packed.map((p) => `${p.pkg.short} ${(p.sizeBytes / 1000).toFixed(1)} kB`).join(', ')}`);
  const runtimesReady = installRuntimes(log);
  // Awaited by the suites and at the end; marked handled so a failure before then is not an unhandled rejection.
  runtimesReady.catch(() => undefined);
  const consumerDir = await createConsumerProject(work, packed);
  log(`installed the tarballs into ${consumerDir}`);
  results.push(...checkProvenance(consumerDir));

  const budgets = JSON.parse(
    readFileSync(join(repoRoot, 'runtimes/size-budgets.json'), 'utf8'),
  ) as SizeBudgets;
  const sizes = packed.map((p) => measureInstallSize(consumerDir, p));
  results.push(...checkBudgets(sizes, budgets));

  const servers = startServers({
    consumerDir,
    workDir: work,
    adminUrl: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    onDatabase: (db) => {
      database = db;
    },
    onServer: (runtime, server) => {
      running.push({ runtime, server });
      log(`${runtime} up in ${(server.startMs / 1000).toFixed(1)} s`);
    },
  });
  const entries = JSON.parse(readFileSync(join(consumerDir, 'entries.json'), 'utf8')) as Entry[];
  writeEntryFiles(consumerDir, entries);
  // The type checks need no server nor runtime, so they start while both are on their way; slowest first.
  const tasks = [
    ...MODULE_RESOLUTIONS.map((mode) => async () => {
      const cells = await runTypeScriptCheck(consumerDir, mode);
      log(`tsc ${mode} done`);
      return cells;
    }),
    ...consumerSuites().map((suite) => async () => {
      const [{ target }, paths] = await Promise.all([servers, runtimesReady]);
      const cells = await runSuite(suite, consumerDir, target, paths);
      log(`${suite.runtime} ${suite.script} done`);
      return cells;
    }),
  ];
  results.push(...(await runPool(tasks, 2)).flat(), ...(await servers).results);

  const stopping = running.splice(0);
  const codes = await Promise.all(stopping.map(({ server }) => server.stop()));
  log('servers stopped');
  for (const [i, { runtime }] of stopping.entries()) {
    const code = codes[i];
    results.push({
      runtime,
      pkg: 'server',
      check: 'stops on SIGTERM',
      pass: code === 0,
      detail: `exit ${code}`,
    });
  }

  console.log('\nRuntime matrix (· = not applicable in that runtime)\n');
  printMatrix(results, COLUMNS);
  console.log(
    '\nInstall sizes (own files = the tarball unpacked; with dependencies = its production closure)\n',
  );
  printSizes(sizes, budgets);
  console.log(
    `\nVersions: ${Object.entries((await runtimesReady).versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
} catch (error) {
  results.push({
    runtime: 'npm',
    pkg: 'harness',
    check: 'setup',
    pass: false,
    detail: error instanceof Error ? error.message : String(error),
  });
  console.error(error);
} finally {
  await Promise.all(running.map(({ server }) => server.stop()));
  // After a failed setup a server may still be starting, or a runtime running: end them, start nothing more.
  killRunningCommands();
  const keep = Boolean(process.env.PROSPECTKIT_RUNTIMES_KEEP);
  await Promise.all([
    database?.drop().then(
      () => log('dropped the throwaway database'),
      (error: unknown) => console.error(error),
    ),
    keep
      ? console.log(`kept ${work}`)
      : rm(work, { recursive: true, force: true }).then(() => log('removed the temp project')),
  ]);
}

const failed = results.filter((r) => !r.pass).length;
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\nTook ${seconds} s.`);
// The plain closing line CI reads, alone on its line.
console.log(`runtimes: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
