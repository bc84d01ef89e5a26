/** After spaces or quotes, a formula's first character; or a tab or carriage return, which OWASP also lists. */
const FORMULA_AHEAD = String.raw`(?=(?:[^\S\t\r\n]|")*[=+\-@]|[\t\r])`;

/** Where a spreadsheet may see a new cell begin inside the text: after any character some reader splits on. */
const INNER_CELL_STARTS = new RegExp(String.raw`([,;\t|\r\n])${FORMULA_AHEAD}`, 'g');

const FIRST_CELL_START = new RegExp(`^${FORMULA_AHEAD}`);

/**
 * One cell of a CSV file ProspectKit writes from what others typed (header names and values of an uploaded
 * file): no cell may begin a spreadsheet formula under any delimiter (OWASP, "CSV Injection"). Wherever a cell
 * could begin (the start, and after each `,` `;` tab `|` or line break) and `=`, `+`, `-` or `@` follows (after
 * spaces or quotes), or a tab or carriage return follows, a `'` is put first, so the spreadsheet reads text. Then it is quoted when it holds a quote, comma or line break (RFC 4180).
 *
 * @param value the cell's value; `null` is an empty cell
 * @returns the cell as written between commas
 * @example
 * csvCell(';=cmd|calc'); // ";'=cmd|calc"
 * csvCell('a, "b"'); // '"a, ""b"""'
 * @see https://owasp.org/www-community/attacks/CSV_Injection
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  text = text.replace(INNER_CELL_STARTS, "$1'");
  if (FIRST_CELL_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
