import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedPackages } from './published-packages.js';
import type { PlannedRelease } from './release-checks.js';
import { contractVersion } from './sync-contract-version.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/**
 * What is wrong with a release cut by `versionPackages` in `root`, one sentence each: a changeset left over,
 * a package not at its planned version, a changelog without its release on top or still in changesets' bump
 * headings or markers, the contract's version not the server's (or the generated files not regenerated), the
 * lock file or a workspace's dependency range behind.
 *
 * @param root where the release was cut
 * @param releases the releases planned
 * @returns the problems; empty when the release is as it should be
 */
export function verifyRelease(root: string, releases: readonly PlannedRelease[]): string[] {
  const problems: string[] = [];
  const left = readdirSync(join(root, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
  if (left.length > 0) problems.push(`changesets left in .changeset/: ${left.join(', ')}`);
  const packages = new Map(publishedPackages(root).map((p) => [p.name, p]));
  const lock = readJson(join(root, 'package-lock.json')) as {
    packages: Record<string, { version?: string }>;
  };
  for (const release of releases) {
    const p = packages.get(release.name);
    if (!p) continue;
    if (p.version !== release.newVersion)
      problems.push(`${release.name} is at ${p.version}, not ${release.newVersion}`);
    if (lock.packages[p.dir]?.version !== release.newVersion)
      problems.push(`package-lock.json has ${release.name} at ${lock.packages[p.dir]?.version}`);
    const changelog = join(root, p.dir, 'CHANGELOG.md');
    const text = existsSync(changelog) ? readFileSync(changelog, 'utf8') : '';
    if (!text.startsWith(`# ${release.name}\n\n## ${release.newVersion}\n`))
      problems.push(`${p.dir}/CHANGELOG.md does not start with the release ${release.newVersion}`);
    const newest = text.split(/\n## /)[1] ?? '';
    if (/### (Major|Minor|Patch) Changes|<!-- kind:/.test(newest))
      problems.push(
        `${p.dir}/CHANGELOG.md's ${release.newVersion} is not grouped into breaking changes, features and fixes`,
      );
  }
  const server = packages.get('@prospectkit/server');
  const contract = readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8');
  if (server && contractVersion(contract) !== server.version)
    problems.push(
      `openapi/openapi.yaml says info.version ${contractVersion(contract)}, the server is ${server.version}`,
    );
  if (/["']unreleased: /.test(contract))
    problems.push('openapi/openapi.yaml still has "unreleased:" behaviour changes');
  const generated = readFileSync(join(root, 'packages/core/src/generated/contract.ts'), 'utf8');
  if (server && !generated.includes(`"version": "${server.version}"`))
    problems.push('packages/core/src/generated/contract.ts was not regenerated');
  // The workspaces pin each other's exact versions: each pin of a released package must be its new version.
  for (const dir of Object.keys(lock.packages)) {
    if (dir === '' || dir.includes('node_modules')) continue;
    const json = readJson(join(root, dir, 'package.json')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies'] as const)
      for (const [name, range] of Object.entries(json[field] ?? {})) {
        const release = releases.find((r) => r.name === name);
        if (release && /^\d+\.\d+\.\d+$/.test(range) && range !== release.newVersion)
          problems.push(`${dir}/package.json's ${field} still asks ${name}@${range}`);
      }
  }
  return problems;
}
