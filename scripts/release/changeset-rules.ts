import { readChangesetEntry } from './changeset-entry.js';
import type { PendingChangeset } from './pending-changesets.js';
import type { PublishedPackage } from './published-packages.js';
import { bumpCovers, requiredBump } from './required-bump.js';

/**
 * What is wrong with the pending changesets by docs/releasing.md, one sentence each naming the file: a package
 * that is not published, a text missing, a `Breaking:` change without its `Migration:` paragraph (or the
 * reverse), and a breaking change that bumps a package less than docs/versioning.md asks (the minor of a 0.x
 * package, the major from 1.0.0).
 *
 * @param changesets the pending changesets (`readPendingChangesets`)
 * @param packages the published packages, with their current versions
 * @returns the problems; empty when there are none
 * @example
 * changesetProblems(readPendingChangesets('.').changesets, publishedPackages('.'));
 */
export function changesetProblems(
  changesets: readonly PendingChangeset[],
  packages: readonly PublishedPackage[],
): string[] {
  const versions = new Map(packages.map((p) => [p.name, p.version]));
  const problems: string[] = [];
  for (const changeset of changesets) {
    const file = `.changeset/${changeset.id}.md`;
    const bumped = changeset.releases.filter((r) => r.type !== 'none');
    for (const release of changeset.releases) {
      if (!versions.has(release.name))
        problems.push(`${file} names ${release.name}, which is not a published package of packages/.`);
    }
    if (bumped.length > 0 && changeset.summary.trim() === '')
      problems.push(`${file} has no text: write one or two sentences a user of the package understands.`);
    const entry = readChangesetEntry(changeset.summary, bumped[0]?.type === 'major' ? 'major' : 'minor');
    if (entry.kind === 'breaking' && entry.migration === undefined)
      problems.push(
        `${file} is a breaking change without a "Migration:" paragraph: say what a user does about it.`,
      );
    if (entry.kind !== 'breaking' && entry.migration !== undefined)
      problems.push(
        `${file} has a "Migration:" paragraph but does not start with "Breaking:": mark the change breaking, or write the migration as part of the text.`,
      );
    if (entry.kind !== 'breaking') continue;
    for (const release of bumped) {
      const version = versions.get(release.name);
      if (version === undefined) continue;
      const needed = requiredBump('breaking', version);
      if (release.type !== 'none' && !bumpCovers(release.type, needed))
        problems.push(
          `${file} is a breaking change but bumps ${release.name} (${version}) only ${release.type}: a breaking change bumps its ${needed} (docs/versioning.md).`,
        );
    }
  }
  return problems;
}
