/**
 * What a `search` term of `listProspects` asks for (openapi.yaml, parameter `Search`):
 * - `email`: the term has an `@`; contacts whose `contact_email` starts with it, case-insensitively.
 * - `domain`: the term has a `.` and no `@` or white space; prospects whose `domain` starts with it.
 * - `words`: anything else; prospects where each of the term's words starts a word of `company`, `domain`,
 *   `contact_name` or `contact_email`, in any order. No words (only punctuation) matches nothing.
 */
export type ProspectSearch =
  | { kind: 'email'; prefix: string }
  | { kind: 'domain'; prefix: string }
  | { kind: 'words'; words: string[] };

// Every ASCII character that is not a letter or digit separates words; letters outside ASCII belong to theirs,
// so `Ärzte` and `ΟΔΟΣ` are words. The server's index splits at the same characters (migration 10).
const SEPARATORS = /[^0-9A-Za-z\u0080-\u{10FFFF}]+/u;

/**
 * Lower case one code point at a time, like PostgreSQL's `lower()`: JavaScript's `toLowerCase()` applies
 * context and special casing (`ΟΔΟΣ` -> `οδος`, `İ` -> `i̇`), PostgreSQL the simple per-character mapping
 * (`οδοσ`, `i`).
 *
 * @example
 * lowerLikePostgres('İSTANBUL ΟΔΟΣ'); // 'istanbul οδοσ'
 */
export function lowerLikePostgres(text: string): string {
  return Array.from(text, (ch) => (ch === '\u0130' ? 'i' : ch.toLowerCase())).join('');
}

/**
 * The words of `text` for search, as written (not lowered): split at every ASCII character that is not a
 * letter or digit, empty pieces dropped.
 *
 * @example
 * searchWords('ada.lovelace@Acme.example'); // ['ada', 'lovelace', 'Acme', 'example']
 */
export function searchWords(text: string): string[] {
  return text.split(SEPARATORS).filter((word) => word !== '');
}

/**
 * Reads a non-empty `search` term as one of the three kinds of {@link ProspectSearch}; surrounding white space
 * is ignored.
 *
 * @param term - the `search` query parameter, at most 255 characters (validated before)
 * @returns the kind and what to match, not lowered (the server lowers in SQL, the mock like PostgreSQL)
 * @example
 * parseProspectSearch('ada@acme'); // { kind: 'email', prefix: 'ada@acme' }
 * parseProspectSearch('Acme.example'); // { kind: 'domain', prefix: 'Acme.example' }
 * parseProspectSearch('ada love'); // { kind: 'words', words: ['ada', 'love'] }
 * @see operationId `listProspects`
 */
export function parseProspectSearch(term: string): ProspectSearch {
  const trimmed = term.trim();
  if (trimmed.includes('@')) return { kind: 'email', prefix: trimmed };
  if (trimmed.includes('.') && !/\s/.test(trimmed)) return { kind: 'domain', prefix: trimmed };
  return { kind: 'words', words: searchWords(trimmed) };
}
