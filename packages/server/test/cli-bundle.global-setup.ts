// Builds the CLI from this checkout's sources once per test run, so the CLI tests start it with plain `node`:
// under tsx every command first spends about a second transforming and loading TypeScript, and the CLI tests
// run a few hundred commands.
import { rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The entry of the CLI bundle built for this run: `node <it> ...args` is `prospectkit-server ...args`. */
    prospectkitCli: string;
  }
}

const server = fileURLToPath(new URL('..', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Under the server's node_modules, so the bundle's package imports resolve as they do from src/; one folder per
  // run, so two runs in one checkout do not overwrite each other's bundle.
  const outdir = join(server, 'node_modules', '.cache', 'prospectkit-cli', String(process.pid));
  await rm(outdir, { recursive: true, force: true });
  await build({
    // The worker threads' modules are files of their own beside the chunks, as in the published dist/:
    // mail-workers.ts looks for the mail task there, row-preparer.ts for the import thread.
    entryPoints: {
      cli: join(server, 'src/cli/index.ts'),
      'inbound-mail-task': join(server, 'src/mail/inbound-mail-task.ts'),
      'import-thread': join(server, 'src/import/import-thread.ts'),
    },
    bundle: true,
    // The workspace packages come from their sources through tsconfig's `paths`, the other packages from
    // node_modules, as under tsx.
    packages: 'external',
    tsconfig: join(server, 'tsconfig.json'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Chunks for the CLI's dynamic imports, so a command loads only what it would load from source.
    splitting: true,
    outdir,
    // node_modules is not in the server package's scope, so `.js` there would be CommonJS.
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  // app-assets.ts serves the folder `assets/` beside its module (src/app/shared/assets when run from source).
  await symlink(join(server, 'src/app/shared/assets'), join(outdir, 'assets'), 'dir');
  project.provide('prospectkitCli', join(outdir, 'cli.mjs'));
  return () => rm(outdir, { recursive: true, force: true });
}
