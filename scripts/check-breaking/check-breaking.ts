/**
 * `npm run check:breaking`: compares openapi/openapi.yaml with the contract of the last release of
 * @prospectkit/server (whose version is the contract's) and fails, naming each breaking change, when one has
 * no pending breaking changeset of the bump it needs. See docs/versioning.md.
 *
 *   npm run check:breaking                     against the last release (tag, else the last version change)
 *   npm run check:breaking -- --base FILE      against a contract file
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gitOrUndefined } from '../release/git.js';
import { findLastRelease } from '../release/last-release.js';
import { readPendingChangesets } from '../release/pending-changesets.js';
import { publishedPackages } from '../release/published-packages.js';
import { gateBreakingChanges } from './breaking-change-gate.js';
import { findBreakingChanges } from './find-breaking-changes.js';

const CONTRACT = 'openapi/openapi.yaml';
const root = process.cwd();
const { values } = parseArgs({ options: { base: { type: 'string' } } });

let base: string | undefined;
let against: string;
if (values.base) {
  base = readFileSync(values.base, 'utf8');
  against = values.base;
} else {
  const release = findLastRelease({ cwd: root, name: '@prospectkit/server', dir: 'packages/server' });
  base = gitOrUndefined(root, ['show', `${release.commit}:${CONTRACT}`]);
  against = `@prospectkit/server ${release.version} (${release.source === 'tag' ? `tag ${release.tag}` : `commit ${release.commit.slice(0, 7)}, where its version was last set; no release tag in this clone`})`;
}
if (base === undefined) {
  console.log(`check:breaking: no ${CONTRACT} at ${against}: nothing to compare yet.`);
  process.exit(0);
}

const found = await findBreakingChanges({ base, head: readFileSync(join(root, CONTRACT), 'utf8') });
const gated = gateBreakingChanges(
  found.changes,
  readPendingChangesets(root).changesets,
  publishedPackages(root),
);
console.log(
  `check:breaking: ${CONTRACT} against ${against}: Optic ran ${found.opticChecks} checks; ${gated.length} breaking change(s).`,
);
for (const { change, packages, accepted } of gated) {
  console.log(`\n${accepted ? 'ok  ' : 'FAIL'} [${change.rule}] ${change.where} ${change.detail}`);
  if (change.usedBy.length > 0) console.log(`     in: ${change.usedBy.join(', ')}`);
  for (const p of packages)
    console.log(
      `     ${p.name} needs a ${p.needed} breaking changeset: ${p.coveredBy.length > 0 ? p.coveredBy.map((id) => `.changeset/${id}.md`).join(', ') : 'none pending'}`,
    );
}
for (const problem of found.problems) console.log(`\nFAIL ${problem}`);
const refused = gated.filter((g) => !g.accepted);
if (refused.length > 0 || found.problems.length > 0) {
  console.error(
    `\ncheck:breaking: ${refused.length} breaking change(s) without their changeset. Please add one per change (npm run changeset): its text starts with "Breaking:" and has a "Migration:" paragraph, and it bumps each package named above at least as much as shown (docs/versioning.md). If the change was not meant, undo it.`,
  );
  process.exit(1);
}
console.log('\ncheck:breaking: every breaking change has its changeset.');
