import type { ChangelogFunctions } from '@changesets/types';
import { type Bump, type ChangeKind, readChangesetEntry } from './changeset-entry.js';

/** The kinds of changelog entry, each marked so that `groupChangelog` can sort the lines into sections. */
export type EntryKind = ChangeKind | 'dependencies';

/** The invisible marker (an HTML comment) that starts the entry of each kind. */
export const KIND_MARKER: Record<EntryKind, string> = {
  breaking: '<!-- kind: breaking -->',
  feature: '<!-- kind: feature -->',
  fix: '<!-- kind: fix -->',
  dependencies: '<!-- kind: dependencies -->',
};

/** A Markdown list item: the first line after `- `, the others indented under it. */
function listItem(marker: string, text: string): string {
  const [first, ...rest] = text.split('\n');
  return [`- ${marker} ${first}`, ...rest.map((line) => (line === '' ? '' : `  ${line}`))].join('\n');
}

/**
 * One changeset's entry in a package's changelog: its text, and for a breaking change its migration in a
 * paragraph of its own. Changesets files it under the heading of its bump ("Minor Changes"); the marker lets
 * `groupChangelog` move it under "Breaking changes", "Features" or "Fixes" (see docs/releasing.md).
 *
 * @param summary the changeset's text
 * @param bump the bump it asks of this package
 * @example
 * formatReleaseLine('Breaking: `Error` is renamed.\n\nMigration: use `ErrorResponse`.', 'minor');
 * // '- <!-- kind: breaking --> `Error` is renamed.\n\n  **Migration:** use `ErrorResponse`.'
 */
export function formatReleaseLine(summary: string, bump: Bump): string {
  const entry = readChangesetEntry(summary, bump);
  const text = entry.migration ? `${entry.text}\n\n**Migration:** ${entry.migration}` : entry.text;
  return listItem(KIND_MARKER[entry.kind], text);
}

/**
 * The changelog module named by `.changeset/config.json` (`changelog`), loaded through `changelog.cjs`:
 * entries without commit hashes (they mean nothing to a reader of the package), and one line for the
 * workspace packages whose new versions this one now depends on.
 */
export const changelogFunctions: ChangelogFunctions = {
  async getReleaseLine(changeset, type) {
    if (type === 'none') return '';
    return formatReleaseLine(changeset.summary, type);
  },
  async getDependencyReleaseLine(_changesets, dependencies) {
    if (dependencies.length === 0) return '';
    const names = dependencies.map((d) => `\`${d.name}\` ${d.newVersion}`).join(', ');
    return listItem(KIND_MARKER.dependencies, `Depends on ${names}.`);
  },
};
