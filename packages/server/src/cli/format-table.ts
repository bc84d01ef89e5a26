import Table from 'cli-table3';
import { printable } from './output.js';

/** No borders and two spaces between columns: one line per row, easy to read and to cut, grep or awk. */
const PLAIN = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

/**
 * Lays rows out in aligned columns, under an upper-case header if given, with cli-table3 (which measures wide and
 * combining characters, so names in any script line up). No colours, no trailing spaces.
 *
 * @param options.rows one array of cells per row
 * @param options.head the column titles, printed upper-case; default none
 * @param options.align `'right'` for columns of numbers; default `'left'` for every column
 * @returns the table's lines joined by `\n`, without a final newline
 * @example
 * formatTable({ head: ['id', 'status'], rows: [['ws_1', 'active']] });
 * // 'ID    STATUS\nws_1  active'
 */
export function formatTable(options: {
  rows: Array<Array<string | number>>;
  head?: string[];
  align?: Array<'left' | 'right'>;
}): string {
  const table = new Table({
    head: (options.head ?? []).map((h) => h.toUpperCase()),
    chars: PLAIN,
    colAligns: options.align ?? [],
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  // Cells come from input (names, URLs, CSV headers): one line each, no control character reaching the terminal.
  table.push(...options.rows.map((row) => row.map((cell) => printable(String(cell)))));
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
