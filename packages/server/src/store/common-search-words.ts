import { foldForSearch, parseProspectSearch } from '@prospectkit/core';
import type { Sql } from '../db/database.js';

/**
 * A search word whose prefix starts at least this share of all prospects' search words (2%) is common: its GIN
 * bitmap costs more than walking the list's own index until a page of matches is found (docs/pagination.md,
 * "A common term beside a filter").
 */
export const COMMON_WORD_SHARE = 0.02;

/** How long one read of PostgreSQL's statistics is used (ms): they change only when ANALYZE runs. */
const STATISTICS_TTL_MS = 5 * 60_000;

interface Statistics {
  readAt: number;
  /** The most common lexemes of `prospects.search_words` and the share of rows holding each (ANALYZE's). */
  lexemes: ReadonlyArray<readonly [string, number]>;
}

const cache = new WeakMap<Sql, Promise<Statistics>>();

async function readStatistics(db: Sql, now: number): Promise<Statistics> {
  const [row] = await db.query<{ elems: string[] | null; freqs: number[] | null }>(
    `select most_common_elems::text::text[] as elems, most_common_elem_freqs::float8[] as freqs
     from pg_stats where tablename = 'prospects' and attname = 'search_words'
     order by schemaname = current_schema() desc limit 1`,
  );
  const elems = row?.elems ?? [];
  const freqs = row?.freqs ?? [];
  return { readAt: now, lexemes: elems.map((lexeme, i) => [lexeme, Number(freqs[i] ?? 0)] as const) };
}

/** ANALYZE's statistics, read at most once per {@link STATISTICS_TTL_MS} per database. */
function statistics(db: Sql, now: number): Promise<Statistics> {
  const cached = cache.get(db);
  if (cached) {
    return cached.then((stats) => {
      if (now - stats.readAt < STATISTICS_TTL_MS) return stats;
      cache.delete(db);
      return statistics(db, now);
    });
  }
  const read = readStatistics(db, now).catch(() => ({ readAt: now, lexemes: [] }));
  cache.set(db, read);
  return read;
}

/**
 * Whether a `search` term (openapi.yaml parameter `Search`) is common: every one of its words starts lexemes that
 * PostgreSQL's statistics (`pg_stats.most_common_elems` of `search_words`, table-wide) give at least
 * {@link COMMON_WORD_SHARE} of the rows between them. An email or domain prefix, a word the statistics do not
 * list, or a database never analyzed is not common. The words are folded by core's `foldForSearch`, as
 * `prospect_fold` folds the stored ones, so `Gmail` and `gmaïl` are `gmail`.
 *
 * @param db the database whose statistics are read (cached for five minutes)
 * @param term the `search` term as sent
 * @param now the time in ms since the epoch. Default `Date.now()`
 */
export async function isCommonSearch(db: Sql, term: string, now = Date.now()): Promise<boolean> {
  const search = parseProspectSearch(term);
  if (search.kind !== 'words' || search.words.length === 0) return false;
  const { lexemes } = await statistics(db, now);
  if (lexemes.length === 0) return false;
  return search.words.every((word) => {
    const prefix = foldForSearch(word);
    let share = 0;
    for (const [lexeme, frequency] of lexemes) if (lexeme.startsWith(prefix)) share += frequency;
    return share >= COMMON_WORD_SHARE;
  });
}
