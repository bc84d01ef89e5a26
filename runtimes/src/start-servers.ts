import { join } from 'node:path';
import type { ServerTarget } from './consumer-suites.js';
import type { CheckResult } from './results.js';
import { checkRunningServer } from './server-checks.js';
import { type ServerProcess, startServerProcess } from './server-process.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database.js';

/** Options of {@link startServers}. */
export interface StartServersOptions {
  consumerDir: string;
  /** The run's temp folder: the PGlite data directory goes here. */
  workDir: string;
  /** A database URL whose role may create databases. */
  adminUrl: string;
  /** Called with the throwaway database as soon as it exists, so an interrupted run can drop it. */
  onDatabase(database: ThrowawayDatabase): void;
  /** Called with each server as soon as it is up, so the run can stop it whatever happens next. */
  onServer(runtime: string, server: ServerProcess): void;
}

/**
 * Starts the two servers from the tarball, PGlite and a throwaway PostgreSQL database, and runs the CLI checks
 * on each. The PGlite one is also the target of every client check.
 *
 * @returns the CLI cells, and the PGlite server's URL and token (undefined when it did not start)
 */
export async function startServers(
  options: StartServersOptions,
): Promise<{ results: CheckResult[]; target: ServerTarget | undefined }> {
  const { consumerDir, workDir } = options;
  const starts = await Promise.allSettled([
    startServerProcess({ consumerDir, dataDir: join(workDir, 'pglite') }),
    createThrowawayDatabase(options.adminUrl).then((db) => {
      options.onDatabase(db);
      return startServerProcess({ consumerDir, dataDir: join(workDir, 'unused'), databaseUrl: db.url });
    }),
  ]);
  const results: CheckResult[] = [];
  let target: ServerTarget | undefined;
  for (const [runtime, start] of [
    ['cli-pglite', starts[0]],
    ['cli-postgres', starts[1]],
  ] as const) {
    if (start.status === 'rejected') {
      const detail = start.reason instanceof Error ? start.reason.message : String(start.reason);
      results.push({ runtime, pkg: 'server', check: 'npx prospectkit-server start', pass: false, detail });
      continue;
    }
    options.onServer(runtime, start.value);
    results.push(...(await checkRunningServer(runtime, start.value)));
    if (runtime === 'cli-pglite' && start.value.token !== undefined) {
      target = { baseUrl: start.value.baseUrl, token: start.value.token };
    }
  }
  return { results, target };
}
