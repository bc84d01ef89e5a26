import { defineConfig } from 'tsdown';

export default defineConfig({
  // Named, so the bin stays `dist/cli.js` while its source is the folder `src/cli/`.
  // The mail worker's task is an entry of its own, `dist/inbound-mail-task.js` beside the chunks, as
  // `mail-workers.ts` looks for it (piscina loads it in each worker thread).
  // The import's worker thread is loaded by file (`new Worker`), beside the chunks that start it (row-preparer.ts).
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/index.ts',
    'testing/index': 'src/testing/index.ts',
    'inbound-mail-task': 'src/mail/inbound-mail-task.ts',
    'import-thread': 'src/import/import-thread.ts',
  },
  format: ['esm'],
  dts: { sourcemap: false, build: true },
  platform: 'node',
  sourcemap: false,
  clean: true,
  // Plugin timings are noise on a loaded machine and must not fail a CI build, where tsdown turns warnings into errors.
  checks: { pluginTimings: false },
  fixedExtension: false,
  // Published siblings stay imports; the internal @prospectkit/core is bundled in.
  external: [/^@prospectkit\/(webhooks|client)(\/|$)/],
  noExternal: [/^@prospectkit\/core/],
  // The settings pages' stylesheet and script are files served as they are: `dist/assets/` sits beside the chunks
  // as `src/app/shared/assets/` sits beside app-assets.ts, so one relative URL finds them from both.
  copy: [{ from: 'src/app/shared/assets/*', to: 'dist/assets' }],
});
