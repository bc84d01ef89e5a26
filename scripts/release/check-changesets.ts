/**
 * `npm run check:changesets`: the changeset checks of docs/releasing.md (every changeset parses and follows
 * the rules for breaking changes; every change of a published package since its last release has one), then
 * the versions the next release will have. Exits 1 with one line per problem.
 */
import { checkReleaseChanges } from './release-checks.js';

const { problems, plan } = await checkReleaseChanges(process.cwd());
for (const release of plan)
  console.log(
    `next release: ${release.name} ${release.oldVersion} -> ${release.newVersion} (${release.type})`,
  );
if (problems.length > 0) {
  for (const problem of problems) console.error(`check:changesets: ${problem}`);
  process.exit(1);
}
console.log('check:changesets: every changeset parses, and every change since the last release has one.');
