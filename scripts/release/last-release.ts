import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { git, gitLines, gitOrUndefined } from './git.js';

/** Where a package's last release is in git, the base that the release checks compare against. */
export interface LastRelease {
  /** The commit's full hash. */
  commit: string;
  /** The package's version at that commit, e.g. `0.2.0`. */
  version: string;
  /**
   * `tag`: the newest tag `<name>@<version>` reachable from HEAD (what `changeset tag` makes);
   * `version-change`: no such tag, so the newest commit that changed the `version` of the package's
   * package.json (the release commit; creating the file counts, so a package never released is compared
   * with the commit that gave it its first version).
   */
  source: 'tag' | 'version-change';
  /** The tag, when `source` is `tag`. */
  tag?: string;
}

/** Thrown when the history at hand cannot tell where the last release is (a shallow clone). */
export class ShallowHistoryError extends Error {
  override name = 'ShallowHistoryError';
}

const versionAt = (cwd: string, commit: string, file: string) => {
  const text = gitOrUndefined(cwd, ['show', `${commit}:${file}`]);
  return text === undefined ? undefined : (JSON.parse(text) as { version?: string }).version;
};

/**
 * Finds a package's last release, from tags when the clone has them and from the history of its
 * package.json when it does not (a fresh clone without tags), as docs/releasing.md says.
 *
 * @param options.cwd the repository
 * @param options.name the package's name, e.g. `@prospectkit/server`
 * @param options.dir its folder relative to the repository, e.g. `packages/server`
 * @throws {ShallowHistoryError} when no tag is found and the clone is shallow past the last version change
 *   ("fetch the whole history": `git fetch --unshallow --tags`)
 * @example
 * findLastRelease({ cwd: '.', name: '@prospectkit/server', dir: 'packages/server' });
 * // { commit: 'cdc3e97...', version: '0.1.0', source: 'version-change' }
 */
export function findLastRelease(options: { cwd: string; name: string; dir: string }): LastRelease {
  const { cwd, name } = options;
  const tags = gitLines(cwd, ['tag', '--list', `${name}@*`, '--merged', 'HEAD', '--sort=-version:refname']);
  const tag = tags[0];
  if (tag !== undefined) {
    return {
      commit: git(cwd, ['rev-list', '-n', '1', tag]),
      version: tag.slice(name.length + 1),
      source: 'tag',
      tag,
    };
  }
  const file = `${options.dir}/package.json`;
  const shallow = shallowCommits(cwd);
  for (const commit of gitLines(cwd, ['log', '--format=%H', '-G', '"version"', '--', file])) {
    const version = versionAt(cwd, commit, file);
    if (version === undefined) continue;
    if (shallow.has(commit)) break;
    if (versionAt(cwd, `${commit}^`, file) !== version) return { commit, version, source: 'version-change' };
  }
  throw new ShallowHistoryError(
    `Failed to find the last release of ${name}: no tag ${name}@<version> and no commit that changed the version in ${file} ` +
      'in this clone. Please fetch the whole history and the tags (git fetch --unshallow --tags; in CI, a checkout with fetch-depth 0).',
  );
}

/** The commits whose parents this clone lacks (`.git/shallow`), empty in a full clone. */
function shallowCommits(cwd: string): Set<string> {
  const path = resolve(cwd, git(cwd, ['rev-parse', '--git-path', 'shallow']));
  return new Set(existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : []);
}
