import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The tarball ships no src, so maps pointing at ../src would dangle; tsconfig's declarationMap is for the editor.
  dts: { sourcemap: false },
  platform: 'neutral',
  sourcemap: false,
  clean: true,
  // CommonJS is shipped on purpose (for CommonJS consumers such as Jest), and plugin timings are noise: neither
  // may fail a CI build, where tsdown turns warnings into errors.
  checks: { legacyCjs: false, pluginTimings: false },
  fixedExtension: false,
  // The internal @prospectkit/core (the contract's generated types) is bundled in, its declarations too.
  noExternal: [/^@prospectkit\/core/],
});
