import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts', 'src/testing/index.ts'],
  format: ['esm'],
  dts: { sourcemap: false },
  platform: 'node',
  sourcemap: false,
  clean: true,
  fixedExtension: false,
  // Published siblings stay imports; the internal @prospectkit/core is bundled in.
  external: [/^@prospectkit\/(webhooks|client)(\/|$)/],
  noExternal: [/^@prospectkit\/core/],
});
