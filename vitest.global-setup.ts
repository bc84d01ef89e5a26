// Runs once before any test file: says which optional services the run covers, unpacks the npm Chromium of the
// browser tests before test files start in parallel (see packages/browser-testing), and writes the migrated
// PGlite database that every in-memory test database starts from (see packages/server/src/testing).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumExecutable } from '@prospectkit/browser-testing';
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from './packages/server/src/testing/pglite-template.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // Every vitest project runs its global setup in this one process: say it once.
  if (process.env.PROSPECTKIT_TEST_SETUP_DONE) return;
  process.env.PROSPECTKIT_TEST_SETUP_DONE = '1';
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      'PostgreSQL: database tests run on PGlite only; set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them on PostgreSQL too.',
    );
  }
  const { path, source } = await chromiumExecutable();
  console.log(
    `Chromium for the browser tests: ${path} (${source === 'npm' ? '@sparticuz/chromium' : 'CHROMIUM_PATH'}).`,
  );
  // Written from this checkout's migrations at every run; one folder per run, so two runs do not share one.
  // The test files' processes inherit the variable.
  const dir = join(
    fileURLToPath(new URL('.', import.meta.url)),
    'node_modules/.cache/prospectkit-test',
    String(process.pid),
  );
  await mkdir(dir, { recursive: true });
  const template = join(dir, 'pglite-template.tar');
  await writePgliteTemplate(template);
  process.env[PGLITE_TEMPLATE_ENV] = template;
  return () => rm(dir, { recursive: true, force: true });
}
