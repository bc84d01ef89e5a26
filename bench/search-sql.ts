// The SQL of the server's search (packages/server/src/store/prospect-search.ts, listProspects in
// store/prospects.ts, and migration 10), written out for the floor and the EXPLAIN of `bench:server`.
const prefix = (column: string) => (p: number) =>
  `lower(${column}) ~>=~ lower($${p}) and lower(${column}) ~<~ (lower($${p}) || chr(1114111))`;
/**
 * The columns the server reads a prospect from (ROW in packages/server/src/store/prospect-row.ts), so the floor
 * reads and sends what the reference does: the contact's parts, the location's parts and the custom fields of
 * issue 27 included (without them the floor sent 17 of the prospect's 26 fields).
 */
export const ROW = `id, company, domain, website, location, contact_name, contact_email, contact_first_name,
  contact_last_name, contact_title, contact_phone, contact_profile_url, city, region, country, custom_fields, notes, tags, owner_id,
  outcome, meeting_at, value_minor, currency, outcome_updated_at, created_at, updated_at`;

export function searchSql(term: string): { sql: (p: number) => string; value: string } | undefined {
  const trimmed = term.trim();
  if (trimmed.includes('@')) return { sql: prefix('contact_email'), value: trimmed };
  if (trimmed.includes('.') && !/\s/.test(trimmed)) return { sql: prefix('domain'), value: trimmed };
  const words = trimmed.split(/[^0-9A-Za-z\u0080-\u{10FFFF}]+/u).filter((w) => w !== '');
  if (words.length === 0) return undefined;
  return {
    sql: (p) => `search_words @@ prospect_fold($${p})::tsquery`,
    value: words.map((w) => `'${w}':*`).join(' & '),
  };
}

export type SearchSql = NonNullable<ReturnType<typeof searchSql>>;

/**
 * The page of a search as the server reads it by default (`count=none`): one statement planned for its term,
 * `per_page + 1` rows ($1 workspace, $2 limit, $3 term).
 */
export const PAGE_SQL = (search: SearchSql) =>
  `select ${ROW}, created_at::text as sort_key from prospects where workspace_id = $1 and ${search.sql(3)}
   order by created_at desc, id desc limit $2`;

/** Up to this many matches, one statement (FEW_SQL) counts and pages them (SEARCH_FETCH_ALL_MAX of the server). */
export const FETCH_ALL_MAX = 2000;

/** Every match up to FETCH_ALL_MAX + 1 ($4), counted, and the page of them ($1 workspace, $2 limit, $3 offset, $5 term). */
export const FEW_SQL = (search: SearchSql) =>
  `with matches as materialized (
     select ${ROW} from prospects where workspace_id = $1 and ${search.sql(5)} limit $4)
   select *, count(*) over () as total from matches order by created_at desc, id desc limit $2 offset $3`;

/** The count of the matches and the workspace's size, with the workspace as $1 and the term as $2. */
export const COUNT_SQL = (search: SearchSql) =>
  `select (select count(*) from prospects where workspace_id = $1 and ${search.sql(2)}) as total,
     (select coalesce(sum(count), 0)::bigint from prospect_counts where workspace_id = $1) as size`;

/** The page of the first `perPage` matches, the cheaper way for `total` matches among `size` prospects ($1 workspace, $2 limit, $3 offset, $4 term). */
export function pageSql(search: SearchSql, total: number, size: number, perPage: number): string {
  const page = 'order by created_at desc, id desc limit $2 offset $3';
  return (perPage * size) / total < total
    ? `select ${ROW} from prospects where workspace_id = $1 and (${search.sql(4)}) is true ${page}`
    : `with matches as materialized (select ${ROW} from prospects where workspace_id = $1 and ${search.sql(4)})
       select * from matches ${page}`;
}
