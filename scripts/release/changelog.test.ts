import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { formatReleaseLine } from './changelog-functions.js';
import { readChangesetEntry } from './changeset-entry.js';
import { groupChangelog } from './group-changelog.js';

describe('readChangesetEntry', () => {
  it.each([
    ['a minor is a feature', ['New `x`.', 'minor'], { kind: 'feature', text: 'New `x`.' }],
    ['a patch is a fix', ['Fixed `y`.', 'patch'], { kind: 'fix', text: 'Fixed `y`.' }],
    [
      'Breaking: marks a breaking minor, Migration: is its migration',
      ['Breaking: `Error` is renamed.\n\nIt was shadowed.\n\nMigration: use `ErrorResponse`.', 'minor'],
      {
        kind: 'breaking',
        text: '`Error` is renamed.\n\nIt was shadowed.',
        migration: 'use `ErrorResponse`.',
      },
    ],
    ['a major is breaking without a marker', ['Gone.', 'major'], { kind: 'breaking', text: 'Gone.' }],
    [
      'Breaking: inside the text is no marker',
      ['Says Breaking: in the middle.', 'patch'],
      { kind: 'fix', text: 'Says Breaking: in the middle.' },
    ],
  ] as const)('%s', (_name, [summary, bump], want) => {
    expect(readChangesetEntry(summary, bump)).toEqual(want);
  });
});

describe('the changelog module', () => {
  it('is what .changeset/config.json names, loadable with require() as changesets loads it', async () => {
    const config = (await import('../../.changeset/config.json', { with: { type: 'json' } })).default;
    const require = createRequire(new URL('../../.changeset/', import.meta.url));
    const module = require(config.changelog as string);
    const line = await module.getReleaseLine({ id: 'x', summary: 'Fixed.', releases: [] }, 'patch', null);
    expect(line).toBe('- <!-- kind: fix --> Fixed.');
    expect(await module.getReleaseLine({ id: 'x', summary: 'No.', releases: [] }, 'none', null)).toBe('');
  });

  it('indents a breaking entry and its migration under the list item', () => {
    expect(formatReleaseLine('Breaking: A.\nstill A.\n\nMigration: B.', 'minor')).toBe(
      '- <!-- kind: breaking --> A.\n  still A.\n\n  **Migration:** B.',
    );
  });
});

const written = `# @prospectkit/server

## 0.3.0

### Minor Changes

- <!-- kind: feature --> New page.
- <!-- kind: breaking --> \`search\` matches word starts.

  **Migration:** search for \`love\`, not \`velace\`.

### Patch Changes

- <!-- kind: fix --> Faster start.
- <!-- kind: dependencies --> Depends on \`@prospectkit/webhooks\` 0.3.0.
- An entry another module wrote.

## 0.2.0

### Minor Changes

- Older, left alone.
`;

describe('groupChangelog', () => {
  it('puts the breaking changes first with their migration, then features, fixes and dependencies', () => {
    expect(groupChangelog(written)).toBe(`# @prospectkit/server

## 0.3.0

### Breaking changes

- \`search\` matches word starts.

  **Migration:** search for \`love\`, not \`velace\`.

### Features

- New page.

### Fixes

- Faster start.
- An entry another module wrote.

### Dependencies

- Depends on \`@prospectkit/webhooks\` 0.3.0.

## 0.2.0

### Minor Changes

- Older, left alone.
`);
  });

  it('changes nothing the second time', () => {
    const once = groupChangelog(written);
    expect(groupChangelog(once)).toBe(once);
  });

  it('leaves a changelog without a release as it is', () => {
    expect(groupChangelog('# @prospectkit/mock\n')).toBe('# @prospectkit/mock\n');
  });
});
