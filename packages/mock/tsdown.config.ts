import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { sourcemap: false, build: true },
  platform: 'neutral',
  sourcemap: false,
  clean: true,
  // CommonJS is shipped on purpose (for CommonJS consumers such as Jest), and plugin timings are noise: neither
  // may fail a CI build, where tsdown turns warnings into errors.
  checks: { legacyCjs: false, pluginTimings: false },
  fixedExtension: false,
  // Published siblings stay imports; the internal @prospectkit/core is bundled in.
  external: [/^@prospectkit\/(webhooks|client)(\/|$)/],
  noExternal: [/^@prospectkit\/core/],
});
