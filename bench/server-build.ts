// What `npm run bench:server` runs: the reference server as published (tsdown's build, `dist/cli.js`, the file
// `npx prospectkit-server` starts) and its floor bundled by esbuild (bench/bundle.ts), both on plain `node`. Under tsx every
// function the server creates per request would also carry esbuild's `keepNames` wrapper, and the loader's
// thread would share the cores (docs/benchmarks.md, "The server's overhead").
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from './bundle.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds both; returns the `node` arguments that start each. */
export async function buildBenchServers(): Promise<{ reference: string[]; floor: string[] }> {
  execFileSync('npm', ['run', 'build', '--workspace', 'packages/server'], { cwd: root, stdio: 'ignore' });
  const outdir = join(root, 'node_modules/.cache/prospectkit-bench-server');
  const { floor } = await bundleForNode({ floor: join(root, 'bench/server-floor.ts') }, outdir);
  return {
    reference: [join(root, 'packages/server/dist/cli.js'), 'start'],
    floor: [floor as string],
  };
}
