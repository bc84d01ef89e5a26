import { join } from 'node:path';
import { type CheckResult, parseCheckLines } from './results.js';
import { runCommand } from './run-command.js';
import type { RuntimePaths } from './runtime-cache.js';

/** One consumer script run by one runtime. */
export interface Suite {
  /** Matrix column. */
  runtime: string;
  /** Script name, for the `ran to the end` cell. */
  script: string;
  /** The runtime's binary, once the runtimes are installed. */
  command(paths: RuntimePaths): string;
  args: string[];
}

/** What the client checks call: the reference server started from the tarball. */
export interface ServerTarget {
  baseUrl: string;
  token: string;
}

/**
 * The runtime suites: each Node version runs the ESM and the CommonJS script; Bun and Deno run the fetch-side
 * script; Node 24 drives workerd through miniflare (which needs Node 22+).
 */
export function consumerSuites(): Suite[] {
  const nodes: [string, (paths: RuntimePaths) => string][] = [
    ['node20', () => process.execPath],
    ['node22', (paths) => paths.node[22] as string],
    ['node24', (paths) => paths.node[24] as string],
    ['node26', (paths) => paths.node[26] as string],
  ];
  return [
    ...nodes.flatMap(([runtime, node]) => [
      { runtime, script: 'node-esm.mjs', command: node, args: ['node-esm.mjs'] },
      { runtime, script: 'node-cjs.cjs', command: node, args: ['node-cjs.cjs'] },
    ]),
    {
      runtime: 'bun',
      script: 'fetch-runtime.mjs',
      command: (paths) => paths.bun,
      args: ['fetch-runtime.mjs'],
    },
    {
      runtime: 'deno',
      script: 'fetch-runtime.mjs',
      command: (paths) => paths.deno,
      // The consumer's node_modules as npm installed it (what a Deno user with a package.json has).
      args: ['run', '--allow-all', '--node-modules-dir=manual', 'fetch-runtime.mjs'],
    },
    {
      runtime: 'workerd',
      script: 'workerd-check.mjs',
      command: (paths) => paths.node[24] as string,
      args: ['workerd-check.mjs'],
    },
  ];
}

/** Runs one suite in the consumer project and turns its lines into matrix cells. */
export async function runSuite(
  suite: Suite,
  consumerDir: string,
  target: ServerTarget | undefined,
  paths: RuntimePaths,
): Promise<CheckResult[]> {
  const result = await runCommand(suite.command(paths), suite.args, {
    cwd: consumerDir,
    timeoutMs: 90_000,
    env: {
      PK_BASE_URL: target?.baseUrl ?? 'http://127.0.0.1:9/api/v1',
      PK_TOKEN: target?.token ?? 'pkt_no_server',
      PK_RUNTIME: suite.runtime,
      PK_TOOLS_DIR: paths.modulesDir,
      NODE_ENV: undefined,
      // Deno: no update check, and its cache inside the throwaway project.
      DENO_NO_UPDATE_CHECK: '1',
      DENO_DIR: join(consumerDir, '.deno'),
      NO_COLOR: '1',
    },
  });
  return parseCheckLines(suite.runtime, suite.script, result);
}
