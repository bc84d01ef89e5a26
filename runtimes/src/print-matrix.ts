import type { InstallSize, SizeBudgets } from './install-sizes.js';
import type { CheckResult } from './results.js';

const PACKAGE_ORDER = ['client', 'webhooks', 'server', 'mock', 'all', 'harness'];

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

/**
 * Prints the runtime x package x check matrix: one row per package and check, one column per runtime, each cell
 * `pass`, `FAIL`, or `·` where that check does not apply to that runtime; then the failures with their detail.
 */
export function printMatrix(results: CheckResult[], runtimes: string[]): void {
  const rows: { pkg: string; check: string }[] = [];
  for (const result of results) {
    if (!rows.some((row) => row.pkg === result.pkg && row.check === result.check)) rows.push(result);
  }
  rows.sort((a, b) => PACKAGE_ORDER.indexOf(a.pkg) - PACKAGE_ORDER.indexOf(b.pkg));
  const pkgWidth = Math.max(7, ...rows.map((row) => row.pkg.length));
  const checkWidth = Math.max(5, ...rows.map((row) => row.check.length));
  const widths = runtimes.map((runtime) => Math.max(4, runtime.length));
  const line = (cells: string[]) => cells.join(' | ').trimEnd();
  console.log(
    line([
      pad('package', pkgWidth),
      pad('check', checkWidth),
      ...runtimes.map((r, i) => pad(r, widths[i] ?? 4)),
    ]),
  );
  console.log(line(['-'.repeat(pkgWidth), '-'.repeat(checkWidth), ...widths.map((w) => '-'.repeat(w))]));
  for (const row of rows) {
    const cells = runtimes.map((runtime, i) => {
      const found = results.filter(
        (r) => r.runtime === runtime && r.pkg === row.pkg && r.check === row.check,
      );
      const text = found.length === 0 ? '·' : found.every((r) => r.pass) ? 'pass' : 'FAIL';
      return pad(text, widths[i] ?? 4);
    });
    console.log(line([pad(row.pkg, pkgWidth), pad(row.check, checkWidth), ...cells]));
  }
  const failed = results.filter((r) => !r.pass);
  if (failed.length > 0) {
    console.log(`\nFailures (${failed.length}):`);
    for (const r of failed) console.log(`  ${r.runtime} / ${r.pkg} / ${r.check}: ${r.detail}`);
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Prints each package's install size against its budgets. */
export function printSizes(sizes: InstallSize[], budgets: SizeBudgets): void {
  console.log(line4('package', 'own files (budget)', 'with dependencies (budget)', 'dependencies'));
  for (const size of sizes) {
    const budget = budgets[size.name];
    console.log(
      line4(
        size.name,
        `${kB(size.ownBytes)} (${budget ? kB(budget.ownBytes) : 'none'})`,
        `${kB(size.withDependenciesBytes)} (${budget ? kB(budget.withDependenciesBytes) : 'none'})`,
        String(size.dependencyCount),
      ),
    );
  }
}

function line4(a: string, b: string, c: string, d: string): string {
  return `${pad(a, 22)} | ${pad(b, 22)} | ${pad(c, 28)} | ${d}`;
}
