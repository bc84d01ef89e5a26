// What `npm run bench:server` runs: the reference server as published (tsdown's build, `dist/cli.js`, the file
// `npx prospectkit-server` starts) and its floor bundled the same way, both on plain `node`. Under tsx every
// function the server creates per request would also carry esbuild's `keepNames` wrapper, and the loader's
// thread would share the cores (docs/benchmarks.md, "The server's overhead").
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds both; returns the `node` arguments that start each. */
export async function buildBenchServers(): Promise<{ reference: string[]; floor: string[] }> {
  execFileSync('npm', ['run', 'build', '--workspace', 'packages/server'], { cwd: root, stdio: 'ignore' });
  const outdir = join(root, 'node_modules/.cache/prospectkit-bench-server');
  await build({
    entryPoints: { 'server-floor': join(root, 'bench/server-floor.ts') },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return {
    reference: [join(root, 'packages/server/dist/cli.js'), 'start'],
    floor: [join(outdir, 'server-floor.mjs')],
  };
}
