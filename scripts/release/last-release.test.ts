import { afterEach, describe, expect, it } from 'vitest';
import { findLastRelease, ShallowHistoryError } from './last-release.js';
import { createTestRepository, packageJson, type TestRepository } from './test-repository.js';

const server = { name: '@prospectkit/server', dir: 'packages/server' };
let repo: TestRepository;
afterEach(() => repo?.remove());

describe('findLastRelease', () => {
  it('without tags: the commit that created package.json with its version (never released since)', () => {
    repo = createTestRepository();
    repo.write({ 'packages/server/package.json': packageJson(server.name, '0.1.0') });
    const created = repo.commit('skeleton');
    repo.write({ 'packages/server/src/a.ts': 'export {};\n' });
    repo.commit('work');
    expect(findLastRelease({ cwd: repo.root, ...server })).toEqual({
      commit: created,
      version: '0.1.0',
      source: 'version-change',
    });
  });

  it('without tags: the newest commit that changed the version, not one that changed another field', () => {
    repo = createTestRepository();
    repo.write({ 'packages/server/package.json': packageJson(server.name, '0.1.0') });
    repo.commit('skeleton');
    repo.write({ 'packages/server/package.json': packageJson(server.name, '0.2.0') });
    const released = repo.commit('release 0.2.0');
    repo.write({
      'packages/server/package.json': packageJson(server.name, '0.2.0').replace('"test"', '"other"'),
    });
    repo.commit('description');
    expect(findLastRelease({ cwd: repo.root, ...server })).toMatchObject({
      commit: released,
      version: '0.2.0',
      source: 'version-change',
    });
  });

  it('with tags: the newest version tag reachable from HEAD, whatever package.json says since', () => {
    repo = createTestRepository();
    repo.write({ 'packages/server/package.json': packageJson(server.name, '0.2.0') });
    const v2 = repo.commit('release 0.2.0');
    repo.git('tag', '@prospectkit/server@0.2.0');
    repo.git('tag', '@prospectkit/client@0.9.0');
    repo.write({ 'packages/server/package.json': packageJson(server.name, '0.10.0') });
    const v10 = repo.commit('release 0.10.0');
    repo.git('tag', '@prospectkit/server@0.10.0');
    repo.write({ 'packages/server/package.json': packageJson(server.name, '0.11.0') });
    repo.commit('version set but not tagged yet');
    expect(findLastRelease({ cwd: repo.root, ...server })).toEqual({
      commit: v10,
      version: '0.10.0',
      source: 'tag',
      tag: '@prospectkit/server@0.10.0',
    });
    expect(v2).not.toBe(v10);
  });

  it('a shallow clone without tags that cannot see the version change fails, saying how to fix it', () => {
    repo = createTestRepository();
    repo.write({ 'packages/server/package.json': packageJson(server.name, '0.1.0') });
    repo.commit('skeleton');
    repo.write({ 'packages/server/src/a.ts': 'export {};\n' });
    repo.commit('work');
    const clone = createTestRepository();
    try {
      clone.git('fetch', '-q', '--depth', '1', `file://${repo.root}`, 'main');
      clone.git('checkout', '-q', 'FETCH_HEAD');
      expect(() => findLastRelease({ cwd: clone.root, ...server })).toThrow(ShallowHistoryError);
      expect(() => findLastRelease({ cwd: clone.root, ...server })).toThrow(/git fetch --unshallow --tags/);
    } finally {
      clone.remove();
    }
  });
});
