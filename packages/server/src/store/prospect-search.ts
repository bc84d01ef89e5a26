import { type Prospect, parseProspectSearch } from '@prospectkit/core';
import type { Row, Sql } from '../db/database.js';
import { PROSPECT_COUNT } from './prospect-counts.js';
import { type ProspectRow, ROW, toProspect } from './prospect-row.js';

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
 * range, words by the GIN index of the column `search_words` (folded by migration 19), each word a prefix.
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
    sql: (p) => `search_words @@ prospect_fold($${p})::tsquery`,
    value: search.words.map((word) => `'${word}':*`).join(' & '),
  };
}

/**
 * A search's statements are planned for their own term, never by a cached generic plan: one plan cannot serve
 * a term with 1 match and one with 100,000 (a generic plan ANDed every row of the workspace from the domain
 * index into the bitmap: 76 ms instead of 4; docs/architecture.md, Search).
 */
const PLANNED = { prepare: false } as const;

/**
 * Up to this many matches, one statement fetches them all, counts them and sorts out the page; past it, the
 * count and the page are two statements. Fetching 2,000 rows costs less than counting them and then fetching
 * them again, and about as much as walking to a page of a common term (docs/architecture.md, Search).
 */
export const SEARCH_FETCH_ALL_MAX = 2000;

const PAGE = 'order by created_at desc, id desc limit $2 offset $3';

/**
 * The page of a search's matches, newest first, and their exact number (openapi.yaml `listProspects`,
 * parameter `Search`; the semantics are core's `parseProspectSearch`).
 *
 * @param options.search the term, as the client sent it
 * @param options.limit the page size (`per_page`)
 * @param options.offset the matches before the page
 * @returns the page and `total`, the number of matches in the workspace
 */
export async function searchProspects(
  db: Sql,
  workspaceId: string,
  options: { search: string; limit: number; offset: number },
): Promise<{ data: Prospect[]; total: number }> {
  const search = prospectSearchCondition(options.search);
  if (search === undefined) return { data: [], total: 0 };
  const toPage = (rows: Row[]) => rows.map((row) => toProspect(row as unknown as ProspectRow));
  // One statement for a term with few matches: all of them (at most SEARCH_FETCH_ALL_MAX + 1, where the one
  // more says there are more), counted by a window over the whole set before the page is cut.
  const few = await db.query(
    `with matches as materialized (
       select ${ROW} from prospects where workspace_id = $1 and ${search.sql(5)} limit $4)
     select *, count(*) over () as total from matches ${PAGE}`,
    [workspaceId, options.limit, options.offset, SEARCH_FETCH_ALL_MAX + 1, search.value],
    PLANNED,
  );
  const fewTotal = Number(few[0]?.total ?? 0);
  if (few.length > 0 && fewTotal <= SEARCH_FETCH_ALL_MAX) return { data: toPage(few), total: fewTotal };
  // No row: no match at all, or a page past the last (which must still say the total).
  if (few.length === 0 && options.offset === 0) return { data: [], total: 0 };
  const [counts] = await db.query<{ total: number | string; size: number | string }>(
    `select (select count(*) from prospects where workspace_id = $1 and ${search.sql(2)}) as total,
       ${PROSPECT_COUNT} as size`,
    [workspaceId, search.value],
    PLANNED,
  );
  const total = Number(counts?.total ?? 0);
  if (total === 0 || options.offset >= total) return { data: [], total };
  const rows = readsNewestFirst(total, Number(counts?.size ?? 0), options)
    ? // `is true` keeps the condition out of every index: the newest-first index is walked, each row tested.
      await db.query(
        `select ${ROW} from prospects where workspace_id = $1 and (${search.sql(4)}) is true ${PAGE}`,
        [workspaceId, options.limit, options.offset, search.value],
        PLANNED,
      )
    : // Fenced in a materialized CTE, so the planner cannot pick the walk when its estimate comes out high.
      await db.query(
        `with matches as materialized (select ${ROW} from prospects where workspace_id = $1 and ${search.sql(4)})
         select * from matches ${PAGE}`,
        [workspaceId, options.limit, options.offset, search.value],
        PLANNED,
      );
  return { data: toPage(rows), total };
}

/**
 * Whether to read a page of matches by walking the workspace newest first and testing each row, rather than
 * fetching every match and sorting them. With `total` matches spread over `size` prospects, the walk reads
 * about `(offset + limit) * size / total` rows; fetching reads `total`. A common term (10,000 matches in a
 * million) is a short walk; a rare one would be a walk through the whole workspace.
 */
export function readsNewestFirst(
  total: number,
  size: number,
  options: { limit: number; offset: number },
): boolean {
  return ((options.offset + options.limit) * size) / total < total;
}
