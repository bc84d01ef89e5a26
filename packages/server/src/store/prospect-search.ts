import { parseProspectSearch } from '@prospectkit/core';

/** A search as SQL: a condition on `prospects` reading its term from one parameter, and that parameter. */
export interface SearchCondition {
  /** The condition, with `$N` where the parameter goes. */
  sql: (parameter: number) => string;
  value: string;
}

// A prefix as a byte-wise range (text_pattern_ops), so a prepared statement's generic plan still uses the
// index: a `like` pattern from a parameter is unknown when PostgreSQL plans, and its prefix goes unused.
const prefixOf = (column: string) => (p: number) =>
  `lower(${column}) ~>=~ lower($${p}) and lower(${column}) ~<~ (lower($${p}) || chr(1114111))`;

/**
 * The condition of a `search` term (openapi.yaml, parameter `Search`; the kinds are core's
 * `parseProspectSearch`), each answered by an index of migration 10: an email or domain prefix by a btree
 * range, words by the GIN index of the column `search_words`, each word a prefix (`'ada':* & 'love':*`).
 *
 * @returns `undefined` when the term has no words (only punctuation): it matches nothing
 */
export function prospectSearchCondition(term: string): SearchCondition | undefined {
  const search = parseProspectSearch(term);
  if (search.kind === 'email') return { sql: prefixOf('contact_email'), value: search.prefix };
  if (search.kind === 'domain') return { sql: prefixOf('domain'), value: search.prefix };
  if (search.words.length === 0) return undefined;
  // A word holds no ASCII punctuation (core's searchWords), so it needs no escaping inside the quotes.
  return {
    sql: (p) => `search_words @@ lower($${p})::tsquery`,
    value: search.words.map((word) => `'${word}':*`).join(' & '),
  };
}
