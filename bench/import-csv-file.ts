// Writes the import benchmark's CSV files: realistic prospects from @prospectkit/fake-data (seeded), with a share
// of invalid rows (no company, or a website that is not a URL) and of duplicates (the contact email of an
// earlier row), streamed to disk so even the 100 MB file never sits in memory.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type FakeProspect, PROSPECT_CSV_HEADER, prospectRows, toCsvLine } from '@prospectkit/fake-data';

/** What a generated file holds. */
export interface BenchCsv {
  path: string;
  rows: number;
  bytes: number;
}

/**
 * Writes `rows` rows: every 20th invalid, every 20th (offset by 10) a duplicate of an earlier row's email.
 *
 * @param options.notesBytes pad each row's notes to about this many characters (for the 100 MB file). Default: as generated.
 */
export async function writeBenchCsv(
  path: string,
  rows: number,
  options: { seed?: number; notesBytes?: number } = {},
): Promise<BenchCsv> {
  const out = createWriteStream(path);
  let bytes = 0;
  let earlier = '';
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line) + 2;
    if (!out.write(`${line}\r\n`)) await once(out, 'drain');
  };
  await write(PROSPECT_CSV_HEADER);
  let i = 0;
  for (const generated of prospectRows({ seed: options.seed ?? 42, count: rows })) {
    let row: FakeProspect = generated;
    if (options.notesBytes) row = { ...row, notes: pad(row.notes ?? row.company, options.notesBytes) };
    if (i % 20 === 3) row = { ...row, company: '' };
    else if (i % 20 === 7) row = { ...row, website: 'not a website' };
    else if (i % 20 === 13 && earlier)
      row = { ...row, contact_email: earlier, company: `${row.company} again` };
    else if (row.contact_email) earlier = row.contact_email;
    await write(toCsvLine(row));
    i += 1;
  }
  out.end();
  await once(out, 'finish');
  return { path, rows, bytes };
}

function pad(text: string, size: number): string {
  let notes = text;
  while (notes.length < size) notes += ` ${text}`;
  return notes.slice(0, size);
}
