// Each README's TypeScript blocks, in order, are the files of src/ named here, byte for byte: the files are
// type-checked (tsconfig.json) and run (the *-readme.test.ts files), so the README cannot drift from code that
// works. Change a block in both places.
import { describe, expect, it } from 'vitest';
import { exampleFile, tsBlocks } from './readme-harness.js';

const BLOCKS: [readme: string, files: string[]][] = [
  [
    'packages/client/README.md',
    ['example', 'raw-get', 'errors', 'signal', 'pagination', 'webhook-events'].map(
      (n) => `src/client/${n}.ts`,
    ),
  ],
  [
    'packages/webhooks/README.md',
    [
      'express-receiver',
      'hono-receiver',
      'next-route',
      'verify-by-hand',
      'memory-dedupe',
      'redis-dedupe',
      'postgres-dedupe',
      'rotate-secret',
      'test-receiver',
    ].map((n) => `src/webhooks/${n}.ts`),
  ],
  [
    'packages/mock/README.md',
    ['example', 'vitest-suite.test', 'db', 'typed-override', 'fail-next', 'factories', 'signed-request'].map(
      (n) => `src/mock/${n}.ts`,
    ),
  ],
  ['packages/server/README.md', ['start-server', 'test-server'].map((n) => `src/server/${n}.ts`)],
  // The root README has shell blocks only, which this example does not run.
  ['README.md', []],
];

describe.each(BLOCKS)('%s', (readme, files) => {
  it('has one file per TypeScript block, identical to it', () => {
    expect(tsBlocks(readme)).toEqual(files.map(exampleFile));
  });
});
