/** The one warning of a dry run on a machine not logged in to npm, which the real publish (in CI) never gives. */
const NOT_LOGGED_IN = /requires you to be logged in/;

/**
 * What is wrong with one package's dry-run publish, from npm's output and its package.json.
 *
 * @param output npm's standard error (its notices and warnings), and its exit status
 * @param publishConfig the package.json's `publishConfig`
 * @example
 * publishProblems({ stderr: 'npm warn publish "bin" was converted', status: 0 }, { access: 'public', provenance: true });
 * // ['npm warned: npm warn publish "bin" was converted']
 */
export function publishProblems(
  output: { stderr: string; status: number | null },
  publishConfig: { access?: string; provenance?: boolean } | undefined,
): string[] {
  const problems: string[] = [];
  if (output.status !== 0) problems.push(`npm publish --dry-run exited with ${output.status}`);
  for (const line of output.stderr.split('\n'))
    if (/^npm (warn|WARN|error|ERR)/.test(line) && !NOT_LOGGED_IN.test(line))
      problems.push(`npm warned: ${line}`);
  if (publishConfig?.access !== 'public') problems.push('publishConfig.access is not "public"');
  if (publishConfig?.provenance !== true) problems.push('publishConfig.provenance is not true');
  return problems;
}
