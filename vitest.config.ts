import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run against the TypeScript sources of the workspace packages, not their builds: `@prospectkit/x`
// maps to packages/x/src/index.ts and `@prospectkit/x/sub` to packages/x/src/sub/index.ts, the same mapping
// as the `paths` in tsconfig.base.json.
const alias = [
  {
    find: /^@prospectkit\/(core|webhooks|client|server|mock|browser-testing)$/,
    replacement: here('./packages/$1/src/index.ts'),
  },
  {
    find: /^@prospectkit\/(core|webhooks|client|server|mock)\/(.+)$/,
    replacement: here('./packages/$1/src/$2/index.ts'),
  },
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Most test files wait on child processes, servers and databases rather than the CPU, so one file more than
    // there are cores keeps the cores busy: on 2 cores, 455 s instead of 609 s for the whole suite.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    globalSetup: [here('./vitest.global-setup.ts')],
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          root: here('./packages/core'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'webhooks',
          root: here('./packages/webhooks'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          root: here('./packages/client'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          typecheck: { enabled: true, include: ['**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: here('./packages/server'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          globalSetup: [here('./packages/server/test/cli-bundle.global-setup.ts')],
        },
      },
      {
        extends: true,
        test: {
          name: 'mock',
          root: here('./packages/mock'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'fake-data',
          root: here('./packages/fake-data'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'conformance',
          root: here('./conformance'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          root: here('./scripts'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'examples',
          root: here('./examples'),
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
    ],
  },
});
