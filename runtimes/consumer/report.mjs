// The line protocol between a consumer script and the runner: one tab-separated line per check, then `done`.
// Plain ESM with no dependencies, so Node, Bun and Deno all run it as it is.

/** The webhook signing secret every check uses; a `whk_` secret as the service issues them. */
export const SECRET = 'whk_runtimes_check_secret_0123456789';

/**
 * Runs one check and prints `PKCHECK <package> <check> pass|fail <detail>`; a throw or `false` is a fail, so a
 * check that crashes fails its own cell and the next one still runs.
 */
export async function check(pkg, name, fn) {
  let outcome = 'pass';
  let detail = '';
  try {
    const result = await fn();
    if (result === false) {
      outcome = 'fail';
      detail = 'returned false';
    } else if (typeof result === 'string') detail = result;
  } catch (error) {
    outcome = 'fail';
    detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  console.log(['PKCHECK', pkg, name, outcome, detail.replace(/\s+/g, ' ').slice(0, 300)].join('\t'));
}

/** Throws with `message` unless `condition` holds. */
export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** Asserts that `module` has every name in `names` as a function or class. */
export function expectExports(module, names) {
  const missing = names.filter((name) => typeof module[name] !== 'function');
  expect(missing.length === 0, `missing exports: ${missing.join(', ')}`);
  return `${Object.keys(module).length} exports`;
}

/** Marks the script as having run to its end; the runner fails a script that never prints it. */
export function done() {
  console.log('PKCHECK-DONE');
}
