// The benchmarks' bundles for plain `node`: esbuild with the options fleet/src/cli-bundle.ts and the CLI tests'
// packages/server/test/cli-bundle.global-setup.ts use (ESM for Node 20, packages left to node_modules, chunks
// for dynamic imports, `.mjs` because the cache folder is outside every package's `"type": "module"`).
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles `entryPoints` (output name -> source) into `outdir`; resolves to the path of each output, by name.
 * `outdir` must be inside the repository, so the bundles' package imports resolve from its node_modules.
 */
export async function bundleForNode(
  entryPoints: Record<string, string>,
  outdir: string,
  tsconfig?: string,
): Promise<Record<string, string>> {
  await build({
    entryPoints,
    bundle: true,
    packages: 'external',
    ...(tsconfig ? { tsconfig } : {}),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return Object.fromEntries(Object.keys(entryPoints).map((name) => [name, join(outdir, `${name}.mjs`)]));
}
