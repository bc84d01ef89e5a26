/**
 * `npm run check:publish`: `npm publish --dry-run` of each published package (built first: `npm run build`),
 * failing on an error, on any npm warning but the one a dry run without a login always gives, and on a
 * package.json whose `publishConfig` does not publish publicly with provenance (docs/releasing.md).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishProblems } from './publish-problems.js';
import { publishedPackages } from './published-packages.js';

let failed = false;
for (const p of publishedPackages(process.cwd())) {
  // Notices and warnings at their default level, whatever `npm run -s` set for this process (the check reads them).
  const result = spawnSync('npm', ['publish', '--dry-run', '--workspace', p.dir], {
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'notice' },
  });
  const { publishConfig } = JSON.parse(readFileSync(join(process.cwd(), p.dir, 'package.json'), 'utf8'));
  const problems = publishProblems(result, publishConfig);
  const size = /package size:\s*(.+)/.exec(result.stderr)?.[1] ?? '?';
  const files = /total files:\s*(\d+)/.exec(result.stderr)?.[1] ?? '?';
  console.log(
    `check:publish: ${p.name}@${p.version}: ${problems.length === 0 ? 'clean' : 'FAILED'} (${files} files, ${size})`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  failed ||= problems.length > 0;
}
process.exit(failed ? 1 : 0);
