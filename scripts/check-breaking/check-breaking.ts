/**
 * `npm run check:breaking`: compares openapi/openapi.yaml with the contract of the last release of
 * @prospectkit/server and fails, naming each breaking change, when one has no pending breaking changeset of
 * the bump it needs (docs/versioning.md).
 *
 *   npm run check:breaking                     against the last release (its tag, else its version commit)
 *   npm run check:breaking -- --base FILE      against a contract file
 */
import { parseArgs } from 'node:util';
import { breakingChangesSinceRelease } from './breaking-changes-since-release.js';

const { values } = parseArgs({ options: { base: { type: 'string' } } });
try {
  const check = await breakingChangesSinceRelease(
    process.cwd(),
    values.base ? { baseFile: values.base } : {},
  );
  console.log(
    `check:breaking: openapi/openapi.yaml against ${check.against}: Optic ran ${check.opticChecks} checks; ${check.gated.length} breaking change(s).`,
  );
  for (const { change, packages, accepted } of check.gated) {
    console.log(`\n${accepted ? 'ok  ' : 'FAIL'} [${change.rule}] ${change.where} ${change.detail}`);
    if (change.usedBy.length > 0) console.log(`     in: ${change.usedBy.join(', ')}`);
    for (const p of packages) {
      const by =
        p.coveredBy.length > 0 ? p.coveredBy.map((id) => `.changeset/${id}.md`).join(', ') : 'none pending';
      console.log(`     ${p.name} needs a breaking changeset bumping its ${p.needed}: ${by}`);
    }
  }
  for (const problem of check.problems) console.log(`\nFAIL ${problem}`);
  if (!check.ok) {
    console.error(
      '\ncheck:breaking: failed. For each FAIL above, add a changeset (npm run changeset) whose text starts with "Breaking:" and has a "Migration:" paragraph, bumping each package named at least as shown (docs/versioning.md); or undo the change if it was not meant.',
    );
    process.exit(1);
  }
  console.log('\ncheck:breaking: every breaking change has its changeset.');
} catch (error) {
  console.error(`check:breaking: ${(error as Error).message}`);
  process.exit(1);
}
