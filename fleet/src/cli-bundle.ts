// The CLI bundled from this checkout's sources, as packages/server/test/cli-bundle.global-setup.ts builds it for
// the CLI tests: five processes started with plain `node` rather than tsx, which would compile the sources five
// times over on a two-core machine.
import { rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = fileURLToPath(new URL('../../packages/server/', import.meta.url));

/** Builds `prospectkit-server` (and the mail task and import thread beside it); resolves to its entry and a cleanup. */
export async function bundleCli(): Promise<{ cli: string; remove(): Promise<void> }> {
  // Under the server's node_modules, so the bundle's package imports resolve as they do from src/.
  const outdir = join(server, 'node_modules', '.cache', 'prospectkit-fleet', String(process.pid));
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      cli: join(server, 'src/cli/index.ts'),
      // The mail workers' task (mail-workers.ts loads it beside the chunks, as tsdown.config.ts builds it).
      'inbound-mail-task': join(server, 'src/mail/inbound-mail-task.ts'),
      'import-thread': join(server, 'src/import/import-thread.ts'),
    },
    bundle: true,
    packages: 'external',
    tsconfig: join(server, 'tsconfig.json'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  await symlink(join(server, 'src/app/shared/assets'), join(outdir, 'assets'), 'dir');
  return { cli: join(outdir, 'cli.mjs'), remove: () => rm(outdir, { recursive: true, force: true }) };
}
