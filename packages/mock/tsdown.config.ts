import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { sourcemap: false },
  platform: 'neutral',
  sourcemap: false,
  clean: true,
  fixedExtension: false,
  // Published siblings stay imports; the internal @prospectkit/core is bundled in.
  external: [/^@prospectkit\/(webhooks|client)(\/|$)/],
  noExternal: [/^@prospectkit\/core/],
});
