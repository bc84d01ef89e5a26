import type { Bump, ChangeKind } from './changeset-entry.js';

const ORDER: Record<Bump, number> = { patch: 0, minor: 1, major: 2 };

/**
 * The bump a change of this kind needs on a package now at `version`, by docs/versioning.md: a breaking change
 * bumps the major from 1.0.0 on and the minor while the package is 0.x (npm's `^0.y.z` and Cargo read the minor
 * of a 0.x version as the breaking digit), a feature bumps the minor, a fix the patch.
 *
 * @param kind what the change is to a user
 * @param version the package's current version, e.g. `0.2.0`
 * @example
 * requiredBump('breaking', '0.2.0'); // 'minor'
 * requiredBump('breaking', '1.4.2'); // 'major'
 */
export function requiredBump(kind: ChangeKind, version: string): Bump {
  if (kind === 'fix') return 'patch';
  if (kind === 'feature') return 'minor';
  return Number(version.split('.')[0]) >= 1 ? 'major' : 'minor';
}

/** Whether `bump` is at least `needed` (major > minor > patch). */
export function bumpCovers(bump: Bump, needed: Bump): boolean {
  return ORDER[bump] >= ORDER[needed];
}
