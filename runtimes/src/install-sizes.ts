import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PackedPackage } from './pack-packages.js';
import type { CheckResult } from './results.js';

/** Bytes a package adds to an install: its own files, and with the dependencies it pulls in. */
export interface InstallSize {
  name: string;
  ownBytes: number;
  withDependenciesBytes: number;
  dependencyCount: number;
}

/** Budgets in bytes, from runtimes/size-budgets.json. */
export type SizeBudgets = Record<string, { ownBytes: number; withDependenciesBytes: number }>;

/** Sum of file sizes under `dir`, not descending into its own node_modules (those are counted as packages). */
function filesBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += filesBytes(path);
    else total += lstatSync(path).size;
  }
  return total;
}

/** Node's lookup: `<dir>/node_modules/<name>`, walking up from the requiring package. */
function resolvePackageDir(name: string, fromDir: string, rootDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === rootDir || dirname(dir) === dir) return undefined;
  }
}

/**
 * Measures one package in the consumer's installed tree: its own files (the tarball unpacked) and the closure of
 * its `dependencies` and installed `optionalDependencies`, each package counted once. Peer dependencies (msw,
 * express, redis, postgres for the adapters) are the user's choice and are not counted.
 */
export function measureInstallSize(consumerDir: string, packed: PackedPackage): InstallSize {
  const start = join(consumerDir, 'node_modules', packed.pkg.name);
  const seen = new Set<string>();
  const queue = [start];
  let total = 0;
  while (queue.length > 0) {
    const dir = queue.pop() as string;
    const real = realpathSync(dir);
    if (seen.has(real)) continue;
    seen.add(real);
    total += filesBytes(real);
    const manifest = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const found = resolvePackageDir(name, dir, consumerDir);
      if (found !== undefined) queue.push(found);
      else if (!(name in (manifest.optionalDependencies ?? {}))) {
        throw new Error(`[runtimes] ${name}, a dependency of ${dir}, is not installed in ${consumerDir}.`);
      }
    }
  }
  return {
    name: packed.pkg.name,
    ownBytes: packed.unpackedBytes,
    withDependenciesBytes: total,
    dependencyCount: seen.size - 1,
  };
}

/** A `size` cell per package: within both budgets. */
export function checkBudgets(sizes: InstallSize[], budgets: SizeBudgets): CheckResult[] {
  return sizes.map((size) => {
    const budget = budgets[size.name];
    const over: string[] = [];
    if (budget === undefined) over.push('no budget in runtimes/size-budgets.json');
    else {
      if (size.ownBytes > budget.ownBytes) over.push(`own ${size.ownBytes} > ${budget.ownBytes}`);
      if (size.withDependenciesBytes > budget.withDependenciesBytes) {
        over.push(`with dependencies ${size.withDependenciesBytes} > ${budget.withDependenciesBytes}`);
      }
    }
    return {
      runtime: 'size',
      pkg: size.name.replace('@prospectkit/', ''),
      check: 'install size within budget',
      pass: over.length === 0,
      detail: over.join('; '),
    };
  });
}
