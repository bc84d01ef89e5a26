import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const src = new URL('../src/', import.meta.url);
const sources = (folder: string) =>
  readdirSync(new URL(folder, src))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => [`${folder}${name}`, readFileSync(new URL(`${folder}${name}`, src), 'utf8')] as const);
const imports = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map((m) => m[1]);

describe('the core runs on edge runtimes', () => {
  // The core and the fetch adapter are what Workers, Vercel edge, Deno and Bun load: no Node built-in, no framework.
  it.each([...sources(''), ...sources('fetch/')])(
    '%s imports no Node built-in and no adapter dependency',
    (_file, text) => {
      for (const specifier of imports(text)) {
        expect(specifier).not.toMatch(/^node:|^(express|redis|postgres|hono)$/);
        expect(specifier).not.toMatch(/^\.\.?\/(express|redis|postgres)\//);
      }
    },
  );

  it('reaches node:crypto only through process.getBuiltinModule', () => {
    const mentions = sources('').filter(([, text]) => /getBuiltinModule\('node:crypto'\)/.test(text));
    expect(mentions.map(([file]) => file)).toEqual(['node-crypto-provider.ts']);
  });
});
