import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLISHED_PACKAGES, repoRoot } from './published-packages.js';
import { runOrThrow } from './run-command.js';

/** Newest (or oldest) modification time of the files under `path`, in ms; `undefined` when there are none. */
function mtimeMs(path: string, pick: (a: number, b: number) => number): number | undefined {
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let found: number | undefined;
  for (const entry of readdirSync(path)) {
    const child = mtimeMs(join(path, entry), pick);
    if (child !== undefined) found = found === undefined ? child : pick(found, child);
  }
  return found;
}

/** The packages whose dist/ is missing, or older than one of its inputs. */
export function stalePackages(): string[] {
  return PUBLISHED_PACKAGES.filter((pkg) => {
    const oldestOutput = mtimeMs(join(repoRoot, pkg.dir, 'dist'), Math.min);
    if (oldestOutput === undefined) return true;
    const newestInput = Math.max(...pkg.inputs.map((input) => mtimeMs(join(repoRoot, input), Math.max) ?? 0));
    return newestInput > oldestOutput;
  }).map((pkg) => pkg.name);
}

/**
 * Runs `npm run build` when any published package's dist/ is stale; CI builds just before, so it usually skips.
 *
 * @returns whether it built
 */
export async function buildIfStale(log: (line: string) => void): Promise<boolean> {
  const stale = stalePackages();
  if (stale.length === 0) return false;
  log(`building (stale: ${stale.join(', ')})`);
  await runOrThrow('npm', ['run', 'build'], { cwd: repoRoot, timeoutMs: 300_000 });
  return true;
}
