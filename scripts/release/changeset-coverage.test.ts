import { afterEach, describe, expect, it } from 'vitest';
import { findCoverageGaps } from './changeset-coverage.js';
import type { PendingChangeset } from './pending-changesets.js';
import { publishedPackages } from './published-packages.js';
import { createTestRepository, packageJson, type TestRepository } from './test-repository.js';

let repo: TestRepository;
afterEach(() => repo?.remove());

/** A repository with two published packages and a private core, released (version set) in its first commit. */
function released(): TestRepository {
  const r = createTestRepository();
  r.write({
    'packages/server/package.json': packageJson('@prospectkit/server', '0.2.0'),
    'packages/server/src/index.ts': 'export const a = 1;\n',
    'packages/client/package.json': packageJson('@prospectkit/client', '0.2.0'),
    'packages/client/src/index.ts': 'export const b = 1;\n',
    'packages/core/package.json': JSON.stringify({
      name: '@prospectkit/core',
      version: '0.0.0',
      private: true,
    }),
    'packages/core/src/rule.ts': 'export const c = 1;\n',
    'openapi/openapi.yaml': 'openapi: 3.1.0\n',
  });
  r.commit('release');
  return r;
}

const changeset = (name: string, type: PendingChangeset['releases'][0]['type']): PendingChangeset => ({
  id: 'x',
  releases: [{ name, type }],
  summary: 'Text.',
});

const gaps = (changesets: PendingChangeset[]) =>
  findCoverageGaps({ root: repo.root, packages: publishedPackages(repo.root), changesets }).map((g) => ({
    files: g.files,
    needsOneOf: g.needsOneOf,
  }));

describe('findCoverageGaps', () => {
  it('finds nothing right after a release', () => {
    repo = released();
    expect(gaps([])).toEqual([]);
  });

  it.each<
    [string, Record<string, string>, PendingChangeset[], Array<{ files: string[]; needsOneOf: string[] }>]
  >([
    [
      "a package's src changed (committed) with no changeset: named",
      { 'packages/server/src/index.ts': 'export const a = 2;\n' },
      [],
      [{ files: ['packages/server/src/index.ts'], needsOneOf: ['@prospectkit/server'] }],
    ],
    [
      'a changeset of another package does not cover it',
      { 'packages/server/src/new.ts': 'export {};\n' },
      [changeset('@prospectkit/client', 'minor')],
      [{ files: ['packages/server/src/new.ts'], needsOneOf: ['@prospectkit/server'] }],
    ],
    [
      "a changeset naming the package covers it, a `none` one too (a change users don't see)",
      { 'packages/server/src/index.ts': 'export const a = 2;\n' },
      [changeset('@prospectkit/server', 'none')],
      [],
    ],
    [
      'unit tests beside the code are not user-visible',
      { 'packages/client/src/index.test.ts': 'x\n' },
      [],
      [],
    ],
    [
      'the contract needs a changeset of the server (the contract version is the server version)',
      { 'openapi/openapi.yaml': 'openapi: 3.1.1\n' },
      [changeset('@prospectkit/client', 'minor')],
      [{ files: ['openapi/openapi.yaml'], needsOneOf: ['@prospectkit/server'] }],
    ],
    [
      'the bundled core needs a changeset of any published package',
      { 'packages/core/src/rule.ts': 'export const c = 2;\n' },
      [],
      [{ files: ['packages/core/src/rule.ts'], needsOneOf: ['@prospectkit/client', '@prospectkit/server'] }],
    ],
    [
      'the bundled core is covered by a changeset of the client',
      { 'packages/core/src/rule.ts': 'export const c = 2;\n' },
      [changeset('@prospectkit/client', 'patch')],
      [],
    ],
  ])('%s', (_name, files, changesets, want) => {
    repo = released();
    repo.write(files);
    repo.commit('change');
    expect(gaps(changesets)).toEqual(want);
  });

  it('counts uncommitted and untracked files too', () => {
    repo = released();
    repo.write({
      'packages/client/src/index.ts': 'export const b = 3;\n',
      'packages/client/src/new.ts': '\n',
    });
    expect(gaps([])).toEqual([
      {
        files: ['packages/client/src/index.ts', 'packages/client/src/new.ts'],
        needsOneOf: ['@prospectkit/client'],
      },
    ]);
  });

  it('compares with the newest release tag, not with the first version', () => {
    repo = released();
    repo.write({ 'packages/server/src/index.ts': 'export const a = 2;\n' });
    repo.commit('change, released below');
    repo.git('tag', '@prospectkit/server@0.2.0');
    expect(gaps([])).toEqual([]);
  });
});
