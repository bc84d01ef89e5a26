import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupChangelog } from './group-changelog.js';
import { publishedPackages } from './published-packages.js';
import { checkReleaseChanges, type PlannedRelease } from './release-checks.js';
import { syncContractVersion } from './sync-contract-version.js';

const CONTRACT = 'openapi/openapi.yaml';

/** What {@link versionPackages} did. */
export interface VersionedRelease {
  /** The releases made, with their new versions. */
  releases: PlannedRelease[];
  /** Each released package's CHANGELOG.md, relative to the root. */
  changelogs: string[];
}

const run = (root: string, command: string, args: string[]) =>
  execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

/**
 * Cuts a release in the working tree of `root`, the steps of docs/releasing.md: the changeset checks and the
 * breaking-change gate (refusing on any problem), `changeset version` (versions, dependency ranges, changelogs,
 * the changesets removed), each changelog's newest release grouped into breaking changes (with their
 * migration), features, fixes and dependencies, the contract's `info.version` and `unreleased` behaviour
 * changes set to the server's new version and the generated files regenerated, and package-lock.json updated.
 * It commits, tags and publishes nothing.
 *
 * @param root the repository (or a scratch copy of it; `release:dry-run` passes one)
 * @throws {Error} listing the problems when a check fails, before anything is written
 */
export async function versionPackages(root: string): Promise<VersionedRelease> {
  const checks = await checkReleaseChanges(root, { breaking: true });
  if (checks.problems.length > 0)
    throw new Error(`Failed to cut the release:\n- ${checks.problems.join('\n- ')}`);
  if (checks.plan.length === 0) return { releases: [], changelogs: [] };
  const bin = join(root, 'node_modules', '.bin');
  run(root, join(bin, 'changeset'), ['version']);
  const changelogs: string[] = [];
  for (const p of publishedPackages(root)) {
    const file = join(root, p.dir, 'CHANGELOG.md');
    if (!checks.plan.some((r) => r.name === p.name) || !existsSync(file)) continue;
    writeFileSync(file, groupChangelog(readFileSync(file, 'utf8')));
    changelogs.push(`${p.dir}/CHANGELOG.md`);
  }
  const server = publishedPackages(root).find((p) => p.name === '@prospectkit/server');
  if (server) {
    const contract = join(root, CONTRACT);
    writeFileSync(contract, syncContractVersion(readFileSync(contract, 'utf8'), server.version));
    run(root, process.execPath, ['scripts/generate.mjs']);
  }
  // The workspace packages' versions and ranges in the lock file, without touching node_modules.
  run(root, 'npm', [
    'install',
    '--package-lock-only',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
  ]);
  return { releases: checks.plan, changelogs };
}
