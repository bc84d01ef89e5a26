import type { Bump } from '../release/changeset-entry.js';
import { readChangesetEntry } from '../release/changeset-entry.js';
import type { PendingChangeset } from '../release/pending-changesets.js';
import type { PublishedPackage } from '../release/published-packages.js';
import { bumpCovers, requiredBump } from '../release/required-bump.js';
import { type ContractChange, packagesReached } from './contract-change.js';

/** A breaking change of the contract and what it asks of the pending changesets. */
export interface GatedChange {
  change: ContractChange;
  /** Each package the change reaches, the bump it needs, and the breaking changesets that give it (file ids). */
  packages: Array<{ name: string; needed: Bump; coveredBy: string[] }>;
  /** Whether every package has a breaking changeset with the bump. */
  accepted: boolean;
}

/**
 * Ties breaking changes of the contract to the pending changesets (docs/versioning.md, "The breaking-change
 * gate"): a change is accepted when, for every package it reaches (`packagesReached`), a pending changeset
 * marked `Breaking:` bumps that package at least as docs/versioning.md asks (the minor of a 0.x package, the
 * major from 1.0.0). Which breaking changeset announces which change is for the reviewer: a changeset cannot
 * name a place of the contract, and the check does not read the English of its text.
 *
 * @param changes the breaking changes (`findBreakingChanges`)
 * @param changesets the pending changesets
 * @param packages the published packages with their current versions
 */
export function gateBreakingChanges(
  changes: readonly ContractChange[],
  changesets: readonly PendingChangeset[],
  packages: readonly PublishedPackage[],
): GatedChange[] {
  const versions = new Map(packages.map((p) => [p.name, p.version]));
  return changes.map((change) => {
    const reached = packagesReached(change).filter((name) => versions.has(name));
    const rows = reached.map((name) => {
      const needed = requiredBump('breaking', versions.get(name) as string);
      const coveredBy = changesets
        .filter((c) =>
          c.releases.some(
            (r) =>
              r.name === name &&
              r.type !== 'none' &&
              bumpCovers(r.type, needed) &&
              readChangesetEntry(c.summary, r.type).kind === 'breaking',
          ),
        )
        .map((c) => c.id);
      return { name, needed, coveredBy };
    });
    return { change, packages: rows, accepted: rows.every((r) => r.coveredBy.length > 0) };
  });
}
