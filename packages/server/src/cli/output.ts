/**
 * Prints a command's result on stdout: `value` as indented JSON with `--json`, else the text for people.
 *
 * @param json whether `--json` was given
 */
export function output(json: boolean, value: unknown, text: string): void {
  console.log(json ? JSON.stringify(value, null, 2) : text);
}
