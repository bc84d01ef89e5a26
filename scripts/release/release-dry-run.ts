/**
 * `npm run release:dry-run`: cuts the next release in a scratch copy of this working tree (never in it) with
 * the same steps as `npm run release:version`, checks the result (`verifyRelease`), and prints the versions.
 * CI runs it on every push, so a release can always be cut (docs/releasing.md).
 *
 *   npm run release:dry-run                    prints the versions
 *   npm run release:dry-run -- --out DIR       also copies each package's new CHANGELOG.md to DIR/<package>.md
 *   npm run release:dry-run -- --keep          leaves the scratch copy and prints where it is
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchCopy } from './scratch-copy.js';
import { verifyRelease } from './verify-release.js';
import { versionPackages } from './version-packages.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, keep: { type: 'boolean' } } });
const scratch = createScratchCopy(process.cwd());
let failed = false;
try {
  const { releases, changelogs } = await versionPackages(scratch.dir);
  for (const r of releases) console.log(`release:dry-run: ${r.name} ${r.oldVersion} -> ${r.newVersion}`);
  if (releases.length === 0) console.log('release:dry-run: no pending changesets, nothing to release.');
  const problems = verifyRelease(scratch.dir, releases);
  for (const problem of problems) console.error(`release:dry-run: ${problem}`);
  failed = problems.length > 0;
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    for (const file of changelogs)
      copyFileSync(join(scratch.dir, file), join(values.out, `${file.split('/')[1]}-CHANGELOG.md`));
    console.log(`release:dry-run: changelogs copied to ${values.out}`);
  }
  if (!failed && releases.length > 0) console.log('release:dry-run: the release can be cut.');
} catch (error) {
  console.error(`release:dry-run: ${(error as Error).message}`);
  failed = true;
} finally {
  if (values.keep) console.log(`release:dry-run: the scratch copy is ${scratch.dir}`);
  else scratch.remove();
}
process.exit(failed ? 1 : 0);
