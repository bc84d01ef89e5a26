/**
 * `npm run release:version`: cuts the release in this working tree (see `versionPackages` and
 * docs/releasing.md), then says what to review and run next. Run on an up-to-date main by the release manager.
 */
import { versionPackages } from './version-packages.js';

try {
  const { releases, changelogs } = await versionPackages(process.cwd());
  if (releases.length === 0) {
    console.log('release:version: no pending changesets, nothing to release.');
    process.exit(0);
  }
  for (const r of releases) console.log(`release:version: ${r.name} ${r.oldVersion} -> ${r.newVersion}`);
  console.log(`\nReview ${changelogs.join(', ')} and the diff, then:
  git add -A && git commit -m "Release ${releases.map((r) => `${r.name}@${r.newVersion}`).join(', ')}"
  npx changeset tag && git push --follow-tags
and let CI publish (docs/releasing.md).`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
