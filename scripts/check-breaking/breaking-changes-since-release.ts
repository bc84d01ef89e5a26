import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitOrUndefined } from '../release/git.js';
import { findLastRelease } from '../release/last-release.js';
import { readPendingChangesets } from '../release/pending-changesets.js';
import { publishedPackages } from '../release/published-packages.js';
import { type GatedChange, gateBreakingChanges } from './breaking-change-gate.js';
import { findBreakingChanges } from './find-breaking-changes.js';

const CONTRACT = 'openapi/openapi.yaml';

/** The breaking-change gate's verdict on the working tree's contract. */
export interface BreakingCheck {
  /** What the contract was compared with, in words. */
  against: string;
  /** How many of Optic's checks ran (0 when there was nothing to compare). */
  opticChecks: number;
  /** Each breaking change, with the changesets that announce it. */
  gated: GatedChange[];
  /** Malformed `x-behaviour-changed` entries. */
  problems: string[];
  /** Whether the check passes: every change accepted and no problem. */
  ok: boolean;
}

/**
 * Runs the breaking-change gate of docs/versioning.md on `root`'s openapi/openapi.yaml, against the contract
 * of the last release of `@prospectkit/server` (the contract's version is the server's), or against `baseFile`.
 *
 * @param root the repository
 * @param options.baseFile compare with this contract file instead of the last release's
 * @throws {ShallowHistoryError} when the clone cannot tell where the last release is
 */
export async function breakingChangesSinceRelease(
  root: string,
  options: { baseFile?: string } = {},
): Promise<BreakingCheck> {
  let base: string | undefined;
  let against: string;
  if (options.baseFile) {
    base = readFileSync(options.baseFile, 'utf8');
    against = options.baseFile;
  } else {
    const release = findLastRelease({ cwd: root, name: '@prospectkit/server', dir: 'packages/server' });
    base = gitOrUndefined(root, ['show', `${release.commit}:${CONTRACT}`]);
    against = `@prospectkit/server ${release.version} (${release.source === 'tag' ? `tag ${release.tag}` : `commit ${release.commit.slice(0, 7)}, where its version was last set; no release tag in this clone`})`;
  }
  if (base === undefined)
    return {
      against: `${against}, which has no ${CONTRACT}`,
      opticChecks: 0,
      gated: [],
      problems: [],
      ok: true,
    };
  const found = await findBreakingChanges({ base, head: readFileSync(join(root, CONTRACT), 'utf8') });
  const gated = gateBreakingChanges(
    found.changes,
    readPendingChangesets(root).changesets,
    publishedPackages(root),
  );
  return {
    against,
    opticChecks: found.opticChecks,
    gated,
    problems: found.problems,
    ok: gated.every((g) => g.accepted) && found.problems.length === 0,
  };
}
