import { gitLines } from './git.js';
import { findLastRelease, type LastRelease } from './last-release.js';
import type { PendingChangeset } from './pending-changesets.js';
import type { PublishedPackage } from './published-packages.js';

/** Changed files of the published code that no pending changeset accounts for. */
export interface CoverageGap {
  /** The files, relative to the repository. */
  files: string[];
  /** The packages one of which a changeset must name (any one of them will do). */
  needsOneOf: string[];
  /** The release the files changed since. */
  since: LastRelease;
}

/** Not user-visible: unit tests beside the code, and files generated from the contract (it is checked itself). */
const INVISIBLE = /(\.test\.ts|\.test-d\.ts)$|\/generated\//;

/** Files under `paths` that differ between `base` and the working tree, untracked ones included. */
export function changedSince(root: string, base: string, paths: readonly string[]): string[] {
  const changed = new Set([
    ...gitLines(root, ['diff', '--name-only', base, '--', ...paths]),
    ...gitLines(root, ['ls-files', '--others', '--exclude-standard', '--', ...paths]),
  ]);
  return [...changed].filter((file) => !INVISIBLE.test(file)).sort();
}

/**
 * The changeset coverage check of docs/releasing.md: a published package's `src/` that changed since its last
 * release needs a pending changeset naming it; `openapi/openapi.yaml` needs one naming `@prospectkit/server`
 * (the contract's version is the server's); the internal `packages/core/src`, bundled into all four, needs one
 * naming any published package. A change no user sees is recorded with a `none` bump
 * (`"@prospectkit/server": none`), which counts.
 *
 * @param options.root the repository
 * @param options.packages the published packages
 * @param options.changesets the pending changesets
 * @returns one gap per rule broken; empty when every change is accounted for
 * @throws {ShallowHistoryError} when the clone cannot tell where a last release is
 */
export function findCoverageGaps(options: {
  root: string;
  packages: readonly PublishedPackage[];
  changesets: readonly PendingChangeset[];
}): CoverageGap[] {
  const { root, packages, changesets } = options;
  const named = new Set(changesets.flatMap((c) => c.releases.map((r) => r.name)));
  const gaps: CoverageGap[] = [];
  const releases = new Map(
    packages.map((p) => [p.name, findLastRelease({ cwd: root, name: p.name, dir: p.dir })]),
  );
  const check = (paths: string[], needsOneOf: string[], since: LastRelease) => {
    if (needsOneOf.some((name) => named.has(name))) return;
    const files = changedSince(root, since.commit, paths);
    if (files.length > 0) gaps.push({ files, needsOneOf, since });
  };
  for (const p of packages) check([`${p.dir}/src`], [p.name], releases.get(p.name) as LastRelease);
  const server = releases.get('@prospectkit/server');
  if (server) {
    check(['openapi/openapi.yaml'], ['@prospectkit/server'], server);
    check(
      ['packages/core/src'],
      packages.map((p) => p.name),
      server,
    );
  }
  return gaps;
}
