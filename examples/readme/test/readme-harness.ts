import { readFileSync } from 'node:fs';
import { afterEach, onTestFinished, vi } from 'vitest';

const root = new URL('../../../', import.meta.url);

/**
 * The fenced `ts` blocks of a README, in order, each without its fences.
 *
 * @param readme - the README's path from the repository root, e.g. `packages/client/README.md`
 */
export function tsBlocks(readme: string): string[] {
  const text = readFileSync(new URL(readme, root), 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

/** The text of a file of this example, e.g. `src/client/example.ts`. */
export function exampleFile(path: string): string {
  return readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
}

/**
 * Sets the names a README fragment takes from its surroundings (declared in src/readme-globals.d.ts) on
 * globalThis, until the end of the test.
 */
export function provide(values: Partial<typeof globalThis>): void {
  Object.assign(globalThis, values);
  onTestFinished(() => {
    for (const name of Object.keys(values)) Reflect.deleteProperty(globalThis, name);
  });
}

/**
 * Records what the README blocks print with `console.log`, one array of arguments per call, emptied after each
 * test (and kept off the test output). Call it at the top of a test file.
 */
export function captureLogs(): unknown[][] {
  const lines: unknown[][] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args));
  afterEach(() => {
    lines.length = 0;
  });
  return lines;
}
