import type { FakeProspect } from './prospect-rows.js';

/** The columns of a prospect CSV, named as the contract's fields (`openapi.yaml`, `createProspect`). */
export const PROSPECT_CSV_COLUMNS = [
  'company',
  'domain',
  'website',
  'location',
  'contact_name',
  'contact_email',
  'notes',
  'tags',
] as const;

/** The header line of a prospect CSV, without its line ending. */
export const PROSPECT_CSV_HEADER = PROSPECT_CSV_COLUMNS.join(',');

/** Quotes a field as RFC 4180 says: in double quotes, inner quotes doubled, when it holds `,`, `"` or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * One prospect as a CSV line in the order of {@link PROSPECT_CSV_COLUMNS}, without its line ending: `null` is
 * an empty field and the tags are one field, separated by `;`.
 *
 * @param row - a generated prospect (its `workspace_id`, if any, is not a column)
 * @returns the line, RFC 4180 quoted where needed
 * @example
 * const csv = [PROSPECT_CSV_HEADER, ...Array.from(prospectRows({ seed: 1, count: 10 }), toCsvLine)].join('\r\n');
 */
export function toCsvLine(row: FakeProspect): string {
  return PROSPECT_CSV_COLUMNS.map((column) =>
    csvField(column === 'tags' ? row.tags.join(';') : (row[column] ?? '')),
  ).join(',');
}
