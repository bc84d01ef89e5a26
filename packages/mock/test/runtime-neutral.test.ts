// The mock runs in Node and in the browser (msw's setupWorker), so what it ships may use only web-standard
// globals. Two checks: its own and @prospectkit/core's sources import nothing Node-only, and the whole package
// with its dependencies bundles for the browser, where a Node built-in cannot resolve.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const shipped = ['../src', '../../core/src'].flatMap((dir) =>
  readdirSync(here(dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => [`${dir}/${file}`, readFileSync(join(here(dir), file), 'utf8')] as const),
);

const nodeOnly: Array<[string, RegExp]> = [
  ['a node: import', /from\s+['"]node:/],
  [
    'a bare Node built-in import',
    /from\s+['"](fs|path|http|https|crypto|stream|url|os|events|util|buffer|zlib)(\/[^'"]*)?['"]/,
  ],
  ['msw/node', /from\s+['"]msw\/node['"]/],
  ['require()', /\brequire\(/],
  ['process', /\bprocess\./],
  ['Buffer', /\bBuffer\b/],
];

describe('runtime neutrality', () => {
  it('finds the sources', () => {
    expect(shipped.map(([file]) => file)).toContain('../src/create-prospect-kit-mock.ts');
  });

  it.each(nodeOnly)('no shipped source uses %s', (_name, pattern) => {
    const offenders = shipped
      .filter(([, text]) => pattern.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });

  it('bundles for the browser with every dependency', async () => {
    const result = await build({
      entryPoints: [here('../src/index.ts')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      alias: { '@prospectkit/webhooks': here('../../webhooks/src/index.ts') },
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]?.text).not.toMatch(/from\s*["']node:/);
  });
});
