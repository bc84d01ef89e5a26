import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { git } from './git.js';

/** A throwaway git repository for the release scripts' tests. */
export interface TestRepository {
  root: string;
  /** Writes files (path relative to the root, text), creating folders. */
  write(files: Record<string, string>): void;
  /** Commits everything with this message; returns the commit's hash. */
  commit(message: string): string;
  /** Runs git in the repository. */
  git(...args: string[]): string;
  remove(): void;
}

/** The package.json of a published package at `version`. */
export const packageJson = (name: string, version: string) =>
  `${JSON.stringify({ name, version, description: 'test' }, null, 2)}\n`;

/** Creates an empty repository on branch `main` in a temporary folder. */
export function createTestRepository(): TestRepository {
  const root = mkdtempSync(join(tmpdir(), 'release-test-'));
  const run = (...args: string[]) => git(root, args);
  run('init', '-q', '-b', 'main');
  run('config', 'user.email', 'test@example.com');
  run('config', 'user.name', 'Test');
  run('config', 'commit.gpgsign', 'false');
  run('config', 'tag.gpgsign', 'false');
  return {
    root,
    write(files) {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
    },
    commit(message) {
      run('add', '-A');
      run('commit', '-q', '--allow-empty', '-m', message);
      return run('rev-parse', 'HEAD');
    },
    git: run,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
