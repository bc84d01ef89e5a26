import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { git, gitLines } from './git.js';

/**
 * A throwaway copy of the repository's working tree, to cut a release in without touching the real one: a
 * `git clone --shared` of HEAD (its objects borrowed, so it takes a second), the working tree's uncommitted and
 * untracked files copied over it, and `node_modules` a link to the repository's own.
 *
 * @param root the repository
 * @returns the copy's folder and a function that deletes it
 */
export function createScratchCopy(root: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'prospectkit-release-'));
  git(root, ['clone', '--quiet', '--shared', '--no-checkout', root, dir]);
  git(dir, ['checkout', '--quiet', '--detach', git(root, ['rev-parse', 'HEAD'])]);
  // The tags too: the checks find the last release by them.
  git(dir, ['fetch', '--quiet', '--tags', root]);
  for (const file of gitLines(root, ['ls-files', '--modified', '--others', '--exclude-standard'])) {
    // A scratch copy's own node_modules is a link, which .gitignore's `node_modules/` does not match.
    if (file === 'node_modules' || file.startsWith('node_modules/')) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      copyFileSync(join(root, file), join(dir, file));
    } catch {
      // Listed as modified because it was deleted: handled below.
    }
  }
  for (const file of gitLines(root, ['ls-files', '--deleted'])) rmSync(join(dir, file), { force: true });
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
