import getReleasePlan from '@changesets/get-release-plan';
import { breakingChangesSinceRelease } from '../check-breaking/breaking-changes-since-release.js';
import { findCoverageGaps } from './changeset-coverage.js';
import { changesetProblems } from './changeset-rules.js';
import { ShallowHistoryError } from './last-release.js';
import { readPendingChangesets } from './pending-changesets.js';
import { publishedPackages } from './published-packages.js';

/** A release the pending changesets call for. */
export interface PlannedRelease {
  name: string;
  oldVersion: string;
  newVersion: string;
  type: string;
}

/** What the changeset checks found. */
export interface ReleaseChecks {
  /** One sentence per problem, naming the file; the release cannot be cut while any is left. */
  problems: string[];
  /** The releases `changeset version` would make (empty when a changeset does not parse). */
  plan: PlannedRelease[];
}

/**
 * The changeset checks of docs/releasing.md, in-process: every changeset parses (with changesets' own
 * parser), follows the rules for breaking changes (`changesetProblems`), and every change of a published
 * package since its last release has one (`findCoverageGaps`); with `breaking`, also the breaking-change gate
 * (`npm run check:breaking`); then the release plan changesets computes.
 *
 * @param root the repository
 * @param options.breaking also run the breaking-change gate (about 3 s: Optic). Default `false`
 * @example
 * const { problems, plan } = await checkReleaseChanges('.');
 */
export async function checkReleaseChanges(
  root: string,
  options: { breaking?: boolean } = {},
): Promise<ReleaseChecks> {
  const packages = publishedPackages(root);
  const { changesets, errors } = readPendingChangesets(root);
  const problems = [...errors, ...changesetProblems(changesets, packages)];
  try {
    for (const gap of findCoverageGaps({ root, packages, changesets })) {
      const since = `${gap.since.version} (${gap.since.tag ?? gap.since.commit.slice(0, 7)})`;
      const needs = gap.needsOneOf.length === 1 ? gap.needsOneOf[0] : `one of ${gap.needsOneOf.join(', ')}`;
      problems.push(
        `Changed since ${since} with no changeset for ${needs}: ${gap.files.join(', ')}. Please add one (npm run changeset), with a "none" bump if users see no change.`,
      );
    }
  } catch (error) {
    if (!(error instanceof ShallowHistoryError)) throw error;
    problems.push(error.message);
  }
  if (errors.length > 0) return { problems, plan: [] };
  if (options.breaking) {
    const breaking = await breakingChangesSinceRelease(root);
    for (const { change } of breaking.gated.filter((g) => !g.accepted))
      problems.push(
        `Breaking change without its changeset (npm run check:breaking): ${change.where} ${change.detail}.`,
      );
    problems.push(...breaking.problems);
  }
  const plan = (await getReleasePlan(root)).releases
    .filter((r) => r.type !== 'none' && packages.some((p) => p.name === r.name))
    .map(({ name, oldVersion, newVersion, type }) => ({ name, oldVersion, newVersion, type }));
  return { problems, plan };
}
