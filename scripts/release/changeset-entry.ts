/** A bump a changeset asks of one package (changesets' `VersionType` without `none`). */
export type Bump = 'major' | 'minor' | 'patch';

/** What a change is to a user: the changelog's sections, in this order (docs/releasing.md, "Changesets"). */
export type ChangeKind = 'breaking' | 'feature' | 'fix';

/** A changeset's summary read as a changelog entry. */
export interface ChangesetEntry {
  /** `breaking` when the summary starts with `Breaking:` or the bump is major; else the bump's kind. */
  kind: ChangeKind;
  /** The summary without the `Breaking:` marker (its first letter then capitalised) and the `Migration:` paragraph. */
  text: string;
  /** The `Migration:` paragraph without its marker: what a user does about a breaking change. */
  migration?: string;
}

const BREAKING = /^Breaking:\s*/;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const MIGRATION = /^Migration:\s*/;

/**
 * Reads a changeset's summary as a changelog entry. A breaking change is written as a summary whose first
 * paragraph starts with `Breaking:` and that has a paragraph starting with `Migration:`; features and fixes
 * are told apart by their bump (minor, patch), as docs/versioning.md says.
 *
 * @param summary the changeset's text after its frontmatter
 * @param bump the bump it asks of the package whose changelog is being written
 * @returns the entry; `migration` only when the summary has a `Migration:` paragraph
 * @example
 * readChangesetEntry('Breaking: `Error` is renamed.\n\nMigration: use `ErrorResponse`.', 'minor');
 * // { kind: 'breaking', text: '`Error` is renamed.', migration: 'use `ErrorResponse`.' }
 */
export function readChangesetEntry(summary: string, bump: Bump): ChangesetEntry {
  const paragraphs = summary
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const marked = BREAKING.test(paragraphs[0] ?? '');
  const migration = paragraphs.find((p) => MIGRATION.test(p));
  const text = paragraphs
    .filter((p) => p !== migration)
    .map((p, i) => (i === 0 ? capitalised(p.replace(BREAKING, '')) : p))
    .join('\n\n');
  const kind: ChangeKind = marked || bump === 'major' ? 'breaking' : bump === 'minor' ? 'feature' : 'fix';
  return {
    kind,
    text,
    ...(migration !== undefined ? { migration: migration.replace(MIGRATION, '') } : {}),
  };
}
