import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult } from './results.js';
import { runCommand } from './run-command.js';

/** An entry of consumer/entries.json: a public specifier, its package, whether it has a CommonJS build. */
export interface Entry {
  pkg: string;
  specifier: string;
  cjs: boolean;
  names: string[];
}

/**
 * The resolution modes a consumer may use; nodenext also type-checks every declaration file (skipLibCheck off),
 * which makes it the slowest, so it is listed (and started) first.
 */
export const MODULE_RESOLUTIONS = ['nodenext', 'node16', 'bundler'] as const;

const slug = (specifier: string) => specifier.replace('@prospectkit/', '').replace('/', '-');

/**
 * Writes one file per entry into `<consumer>/ts/entries`: `.mts` imports it, `.cts` (CommonJS builds only)
 * requires it; both list its named exports as `keyof typeof entry`, so a name missing from the types fails.
 * One file per entry gives one matrix cell per subpath.
 */
export function writeEntryFiles(consumerDir: string, entries: Entry[]): void {
  const dir = join(consumerDir, 'ts', 'entries');
  mkdirSync(dir, { recursive: true });
  for (const entry of entries) {
    const names = `export const names: ReadonlyArray<keyof typeof entry> = ${JSON.stringify(entry.names)};\n`;
    writeFileSync(
      join(dir, `${slug(entry.specifier)}.mts`),
      `import * as entry from '${entry.specifier}';\n${names}`,
    );
    if (entry.cjs) {
      writeFileSync(
        join(dir, `${slug(entry.specifier)}.cts`),
        `import entry = require('${entry.specifier}');\n${names}`,
      );
    }
  }
}

/** The cell a diagnostic in `file` belongs to. */
function cellOf(file: string, entries: Entry[]): { pkg: string; check: string } {
  const entry = /^ts\/entries\/(.+)\.(mts|cts)$/.exec(file);
  if (entry) {
    const found = entries.find((e) => slug(e.specifier) === entry[1]);
    const how = entry[2] === 'mts' ? 'import' : 'require';
    return { pkg: found?.pkg ?? 'harness', check: `types ${found?.specifier ?? entry[1]} (${how})` };
  }
  if (file === 'ts/usage.mts') return { pkg: 'all', check: 'typed usage compiles' };
  const own = /node_modules\/@prospectkit\/([a-z]+)\//.exec(file);
  if (own) return { pkg: own[1] as string, check: 'declarations compile' };
  return { pkg: 'all', check: 'third-party declarations compile' };
}

/** The cells every run has, passing unless a diagnostic lands in them. */
function expectedCells(entries: Entry[], mode: string): { pkg: string; check: string }[] {
  const cells = [{ pkg: 'all', check: 'typed usage compiles' }];
  for (const entry of entries) {
    cells.push({ pkg: entry.pkg, check: `types ${entry.specifier} (import)` });
    // Bundler resolution has no CommonJS side: bundlers read `import` and `require` alike through "import".
    if (entry.cjs && mode !== 'bundler')
      cells.push({ pkg: entry.pkg, check: `types ${entry.specifier} (require)` });
  }
  if (mode === 'nodenext') {
    for (const pkg of new Set(entries.map((e) => e.pkg))) cells.push({ pkg, check: 'declarations compile' });
  }
  return cells;
}

/** Compiles the consumer's typed usage and entry files under one `moduleResolution` with its own TypeScript. */
export async function runTypeScriptCheck(consumerDir: string, mode: string): Promise<CheckResult[]> {
  const entries = JSON.parse(readFileSync(join(consumerDir, 'entries.json'), 'utf8')) as Entry[];
  const runtime = `tsc-${mode}`;
  const tsc = join(consumerDir, 'node_modules/typescript/bin/tsc');
  const result = await runCommand(
    process.execPath,
    [tsc, '-p', `ts/tsconfig.${mode}.json`, '--pretty', 'false'],
    {
      cwd: consumerDir,
      timeoutMs: 180_000,
    },
  );
  const failures = new Map<string, string[]>();
  for (const line of result.stdout.split('\n')) {
    const match = /^(.+?)\(\d+,\d+\): error (TS\d+: .*)$/.exec(line);
    if (!match) continue;
    const cell = cellOf(match[1] as string, entries);
    const key = `${cell.pkg}\t${cell.check}`;
    failures.set(key, [...(failures.get(key) ?? []), `${match[1]}: ${match[2]}`]);
  }
  const results: CheckResult[] = expectedCells(entries, mode).map(({ pkg, check }) => {
    const errors = failures.get(`${pkg}\t${check}`);
    failures.delete(`${pkg}\t${check}`);
    return { runtime, pkg, check, pass: errors === undefined, detail: errors?.join(' | ') ?? '' };
  });
  for (const [key, errors] of failures) {
    const [pkg, check] = key.split('\t') as [string, string];
    results.push({ runtime, pkg, check, pass: false, detail: errors.join(' | ') });
  }
  const clean = result.code === 0 && !result.timedOut;
  const explained = results.some((r) => !r.pass);
  if (!clean && !explained) {
    results.push({
      runtime,
      pkg: 'harness',
      check: 'tsc ran to the end',
      pass: false,
      detail: `${result.timedOut ? 'timed out' : `exit ${result.code}`}: ${(result.stdout + result.stderr).slice(-600)}`,
    });
  }
  return results;
}
