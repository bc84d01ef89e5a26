import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import parseChangeset from '@changesets/parse';
import type { VersionType } from '@changesets/types';

/** A changeset waiting in `.changeset/` for the next release. */
export interface PendingChangeset {
  /** Its file name without `.md`, as changesets names it. */
  id: string;
  /** The packages it bumps, and how (`none` records a change of the package that users do not see). */
  releases: Array<{ name: string; type: VersionType }>;
  /** The text after the frontmatter. */
  summary: string;
}

/** The pending changesets, and one message per file that changesets could not parse. */
export interface PendingChangesets {
  changesets: PendingChangeset[];
  /** e.g. `.changeset/mock.md: ...`; `changeset version`, and so a release, fails while any is left. */
  errors: string[];
}

/**
 * Reads every changeset of `.changeset/` with changesets' own parser (`@changesets/parse`), naming each file
 * it refuses instead of stopping at the first, as `changeset status` does.
 *
 * @param root the repository
 * @example
 * const { changesets, errors } = readPendingChangesets('.');
 */
export function readPendingChangesets(root: string): PendingChangesets {
  const folder = join(root, '.changeset');
  const changesets: PendingChangeset[] = [];
  const errors: string[] = [];
  for (const file of readdirSync(folder).sort()) {
    if (!file.endsWith('.md') || file === 'README.md') continue;
    try {
      const parsed = parseChangeset(readFileSync(join(folder, file), 'utf8'));
      if (parsed.releases.length === 0 && parsed.summary.trim() === '')
        throw new Error('it names no package and says nothing.');
      changesets.push({ id: file.slice(0, -3), releases: parsed.releases, summary: parsed.summary });
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0];
      errors.push(
        `.changeset/${file}: ${reason} Please write it as a line "---", a line such as "@prospectkit/server": minor for each package, a line "---", then the text (.changeset/README.md).`,
      );
    }
  }
  return { changesets, errors };
}
