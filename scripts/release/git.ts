import { execFileSync } from 'node:child_process';

/**
 * Runs git in `cwd` and returns its standard output without the final newline.
 *
 * @throws {Error} git's own message when it exits with an error
 * @example
 * git(root, ['rev-parse', 'HEAD']); // 'a1b2c3...'
 */
export function git(cwd: string, args: readonly string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).replace(
    /\n$/,
    '',
  );
}

/** Like {@link git}, but `undefined` when git fails (a path absent at that commit, a missing ref). */
export function gitOrUndefined(cwd: string, args: readonly string[]): string | undefined {
  try {
    return git(cwd, args);
  } catch {
    return undefined;
  }
}

/** The lines of git's output, without empty ones. */
export function gitLines(cwd: string, args: readonly string[]): string[] {
  return git(cwd, args)
    .split('\n')
    .filter((line) => line !== '');
}
