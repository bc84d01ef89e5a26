/** The delimiters an import recognises. */
const IMPORT_DELIMITERS = [',', ';', '\t'] as const;

/**
 * Guesses the field delimiter from the start of a file: the one of `,`, `;` and tab that occurs most often
 * outside quotes in the header line (comma when none does, or on a tie, as RFC 4180 says).
 *
 * @param sample the file's first characters (a few kilobytes are plenty)
 * @example
 * detectDelimiter('name;email\nAcme;a@acme.test'); // ';'
 */
export function detectDelimiter(sample: string): (typeof IMPORT_DELIMITERS)[number] {
  const counts = new Map<string, number>(IMPORT_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of sample) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: (typeof IMPORT_DELIMITERS)[number] = ',';
  for (const d of IMPORT_DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}
