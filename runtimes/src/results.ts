/** One cell of the matrix: a check of one package in one runtime. */
export interface CheckResult {
  /** Column: `node20`, `bun`, `workerd`, `tsc-nodenext`, `cli-pglite` ... */
  runtime: string;
  /** `client`, `webhooks`, `server`, `mock`, or `harness` for the runner's own steps. */
  pkg: string;
  check: string;
  pass: boolean;
  /** Why it failed, or a short note (an id, a status). */
  detail: string;
}

/**
 * Parses the `PKCHECK` lines a consumer script printed; a script that exited non-zero, timed out, or never printed
 * `PKCHECK-DONE` adds a failed `suite ran to the end` cell, so a crash cannot pass as a short matrix.
 */
export function parseCheckLines(
  runtime: string,
  suite: string,
  output: { stdout: string; stderr: string; code: number | null; timedOut: boolean },
): CheckResult[] {
  const results: CheckResult[] = [];
  for (const line of output.stdout.split('\n')) {
    const [tag, pkg, check, outcome, detail] = line.split('\t');
    if (tag !== 'PKCHECK' || pkg === undefined || check === undefined) continue;
    results.push({ runtime, pkg, check, pass: outcome === 'pass', detail: detail ?? '' });
  }
  const finished = output.stdout.includes('PKCHECK-DONE') && output.code === 0 && !output.timedOut;
  results.push({
    runtime,
    pkg: 'harness',
    check: `${suite} ran to the end`,
    pass: finished,
    detail: finished
      ? ''
      : `${output.timedOut ? 'timed out' : `exit ${output.code}`}: ${output.stderr.trim().slice(-600)}`,
  });
  return results;
}
