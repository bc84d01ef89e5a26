import { defineConfig } from 'tsdown';

// One entry per public path: the core and the four adapters. `platform: 'neutral'` keeps Node built-ins out of
// the core; node:crypto is reached at run time through process.getBuiltinModule only.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'express/index': 'src/express/index.ts',
    'fetch/index': 'src/fetch/index.ts',
    'redis/index': 'src/redis/index.ts',
    'postgres/index': 'src/postgres/index.ts',
  },
  format: ['esm', 'cjs'],
  // No declaration maps: they would point at src/, which is not published.
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
