// The package runs on Node 20.19+, Deno, Bun, browsers and Cloudflare Workers, so its shipped sources may use
// only web-standard globals (fetch, Request, Response, Headers, AbortController, setTimeout). This reads every
// non-test source file and fails on anything Node-only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const shipped = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => [file, readFileSync(join(srcDir, file), 'utf8')] as const);

const nodeOnly: [string, RegExp][] = [
  ['a node: import', /from\s+['"]node:/],
  [
    'a bare Node built-in import',
    /from\s+['"](fs|path|http|https|crypto|stream|url|os|events|util|buffer|timers)(\/[^'"]*)?['"]/,
  ],
  ['require()', /\brequire\(/],
  ['process', /\bprocess\./],
  ['Buffer', /\bBuffer\b/],
  ['__dirname', /\b__dirname\b/],
  ['setImmediate', /\bsetImmediate\b/],
];

describe('runtime neutrality', () => {
  it('finds the sources', () => {
    expect(shipped.map(([file]) => file)).toContain('create-client.ts');
  });

  it.each(nodeOnly)('no shipped source uses %s', (_name, pattern) => {
    // Doc comments may mention process.env in examples; only code counts.
    const offenders = shipped
      .filter(([, text]) => pattern.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
