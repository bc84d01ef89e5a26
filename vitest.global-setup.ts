// Runs once before any test file: says which optional services the run covers, and unpacks the npm Chromium of
// the browser tests before test files start in parallel (see packages/browser-testing).
import { chromiumExecutable } from '@prospectkit/browser-testing';

export default async function setup(): Promise<void> {
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
}
