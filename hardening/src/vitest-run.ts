import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** What one vitest run of a conformance file found. */
export interface ConformanceRun {
  total: number;
  passed: number;
  skipped: number;
  failures: Array<{ name: string; message: string }>;
  /** vitest's exit code. */
  exitCode: number | null;
  /** The end of vitest's own output, for a failure message. */
  tail: string;
}

interface JsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
}

/**
 * Runs one test file of the `conformance` vitest project in a child process (the repository's vitest, its
 * config and aliases) with `env` added, and reads vitest's JSON report.
 *
 * @param options.file the test file, relative to the repository root
 * @param options.timeoutMs how long the run may take. Default 600000.
 */
export async function runConformanceSuite(options: {
  file: string;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ConformanceRun> {
  const scratch = mkdtempSync(join(tmpdir(), 'pk-hz-vitest-'));
  const reportFile = join(scratch, 'report.json');
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const child = spawn(
    process.execPath,
    [
      vitest,
      'run',
      '--project',
      'conformance',
      '--reporter=json',
      `--outputFile=${reportFile}`,
      options.file,
    ],
    {
      cwd: root,
      env: { ...process.env, ...options.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(timer);
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
    const failures = report.testResults.flatMap((file) => [
      ...(file.message ? [{ name: options.file, message: file.message }] : []),
      ...file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => ({ name: test.fullName, message: test.failureMessages.join('\n') })),
    ]);
    return {
      total: report.numTotalTests,
      passed: report.numPassedTests,
      skipped: report.numPendingTests + report.numTodoTests,
      failures,
      exitCode,
      tail: output.slice(-3000),
    };
  } catch (error) {
    return {
      total: 0,
      passed: 0,
      skipped: 0,
      failures: [{ name: options.file, message: `no vitest report (${error}):\n${output.slice(-3000)}` }],
      exitCode,
      tail: output.slice(-3000),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
