import {
  COUNT_CAP,
  type CustomFieldFilter,
  hasFilters,
  type ProspectFilters,
  type ProspectListRequest,
  type ProspectSort,
  pageOffset,
} from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { isCommonSearch } from './common-search-words.js';
import { PROSPECT_COUNT } from './prospect-counts.js';
import { type ProspectRow, ROW, toProspect } from './prospect-row.js';
import { prospectSearchCondition, readsNewestFirst, SEARCH_FETCH_ALL_MAX } from './prospect-search.js';

/** A sort as SQL: its key, how a cursor's key is read back, and its direction (openapi.yaml parameter `Sort`). */
interface SortSql {
  key: string;
  id: string;
  cast: string;
  ascending: boolean;
}

// Each key and id expression is the one of its index (migration 19; the newest index for created_at), so the
// order and the cursor's row comparison are read from the index.
const TIME = (column: string, ascending: boolean): SortSql => ({
  key: column,
  id: 'id',
  cast: '::timestamptz',
  ascending,
});
const COMPANY = (ascending: boolean): SortSql => ({
  key: '(prospect_fold(company) collate "C")',
  id: '(id collate "C")',
  cast: ' collate "C"',
  ascending,
});
const SORTS: Record<ProspectSort, SortSql> = {
  newest: TIME('created_at', false),
  oldest: TIME('created_at', true),
  company_asc: COMPANY(true),
  company_desc: COMPANY(false),
  last_activity: TIME('updated_at', false),
};

/** Planned for each call's values (docs/architecture.md, Search): a filter's plan depends on how many match. */
const PLANNED = { prepare: false } as const;

/** What {@link listProspectRows} read: up to `perPage + 1` rows in the order read, with their cursor keys. */
export interface ListedRows {
  rows: Array<ReturnType<typeof toProspect> & { sortKey: string }>;
  /** The workspace's size (no filter), the matches counted by `count`, or `undefined` for `count=none`. */
  counted: number | undefined;
}

/**
 * Reads one page of `listProspects` (openapi.yaml): the filters ANDed, in the request's sort, from a cursor or
 * an offset, one row more than a page (core's `cutListPage` cuts it), and the count the request asks for.
 * Without a filter the count is the workspace's count shards (migration 7). With filters and `count=none` (the
 * default), one statement reads the page, planned for its values. With `capped` or `exact`, up to
 * `SEARCH_FETCH_ALL_MAX` matches are fetched, counted and sorted by one statement; past that the count is
 * capped at `COUNT_CAP + 1` (or exact) and the page is read by walking the sort's index, testing each row for
 * `search` (`is true` keeps it out of the index choice), or by fetching every match when the walk would read
 * more (`readsNewestFirst`). docs/pagination.md shows the plans.
 */
export async function listProspectRows(
  db: Sql,
  workspaceId: string,
  request: ProspectListRequest,
): Promise<ListedRows> {
  const sort = SORTS[request.sort];
  const forward = sort.ascending !== (request.cursor?.direction === 'prev');
  const direction = forward ? 'asc' : 'desc';
  const limit = request.perPage + 1;
  const offset = request.cursor ? 0 : pageOffset(request.page, request.perPage);
  const match = prospectMatchSql(workspaceId, request.filters);
  if (match === undefined) return { rows: [], counted: 0 };
  const { params: base, conditions, search } = match;
  const f = request.filters;
  const add = (list: unknown[], value: unknown) => `$${list.push(value)}`;
  const matches = [...conditions, ...(search ? [search] : [])].join(' and ');
  /** A statement's tail: the cursor's row comparison (when there is one), the order, the limit and offset. */
  const tail = (params: unknown[], key: string, id: string, where: string) => {
    const cursor = request.cursor
      ? ` and (${key}, ${id}) ${forward ? '>' : '<'} (${add(params, request.cursor.key)}${sort.cast}, ${add(params, request.cursor.id)}${sort.id === 'id' ? '' : ' collate "C"'})`
      : '';
    return `where ${where}${cursor} order by ${key} ${direction}, ${id} ${direction} limit ${add(params, limit)} offset ${add(params, offset)}`;
  };
  const toRows = (rows: Array<Record<string, unknown>>) =>
    rows.map((row) => ({ ...toProspect(row as unknown as ProspectRow), sortKey: String(row.sort_key) }));
  const select = `select ${ROW}, (${sort.key})::text as sort_key from prospects`;

  if (!hasFilters(f)) {
    const params = [...base];
    const [count] = await db.query<{ total: number | string }>(`select ${PROSPECT_COUNT} as total`, [
      workspaceId,
    ]);
    const rows = await db.query(`${select} ${tail(params, sort.key, sort.id, 'workspace_id = $1')}`, params);
    return { rows: toRows(rows), counted: Number(count?.total ?? 0) };
  }

  if (request.count === 'none') {
    // Nothing to count (the default): one statement, planned for its values, so the planner reads the page from
    // a filter's or the search's index and sorts what it found, or walks the sort's index testing each row,
    // as its estimate of the matches says; it never reads more than the page needs from a walk
    // (docs/pagination.md, "Counts: why `none` is the default"; bench/results/list-explain.md).
    // A common term is kept out of the index choice (`is true`): PostgreSQL prices its GIN bitmap at a fraction of
    // its cost, and ANDed it with a selective filter's (docs/pagination.md, "A common term beside a filter").
    const where =
      search && f.search !== undefined && (await isCommonSearch(db, f.search))
        ? matches.replace(search, `(${search}) is true`)
        : matches;
    const params = [...base];
    const rows = await db.query(`${select} ${tail(params, sort.key, sort.id, where)}`, params, PLANNED);
    return { rows: toRows(rows), counted: undefined };
  }

  // One statement for a few matches: all of them (one more than SEARCH_FETCH_ALL_MAX says there are more),
  // counted, and the page cut from them; one row even when the page is empty, to carry the count. Without a
  // search the first of them in the list's order, so the filter's own index is walked in order (an unordered
  // limit let the planner scan the table from its start, far from a `created_after`'s rows); a search's
  // matches come from its own index in any order (bench/results/list-explain.md).
  const fewParams = [...base];
  const fetchAll = add(fewParams, SEARCH_FETCH_ALL_MAX + 1);
  const inOrder = search ? '' : ` order by ${sort.key} ${direction}, ${sort.id} ${direction}`;
  const few = await db.query(
    `with matches as materialized (
       select ${ROW}, ${sort.key} as sk, ${sort.id} as sid from prospects where ${matches}${inOrder} limit ${fetchAll}),
     page as (select ${ROW}, sk::text as sort_key from matches ${tail(fewParams, 'sk', 'sid', 'true')})
     select page.*, (select count(*) from matches) as total from (select 1) as one left join page on true`,
    fewParams,
    PLANNED,
  );
  const fewTotal = Number(few[0]?.total ?? 0);
  if (fewTotal <= SEARCH_FETCH_ALL_MAX) {
    const rows = toRows(few.filter((row) => row.id !== null));
    return { rows, counted: fewTotal };
  }

  const counted = await countMatches(
    db,
    matches,
    base,
    request.count === 'exact' ? undefined : COUNT_CAP + 1,
  );
  let walk = true;
  if (search) {
    const [size] = await db.query<{ size: number | string }>(`select ${PROSPECT_COUNT} as size`, [
      workspaceId,
    ]);
    walk = readsNewestFirst(counted, Number(size?.size ?? 0), { limit, offset });
  }
  const params = [...base];
  const rows =
    search && !walk
      ? // Fenced, so the planner cannot pick the walk when its estimate of the matches comes out high.
        await db.query(
          `with matches as materialized (select ${ROW}, ${sort.key} as sk, ${sort.id} as sid from prospects where ${matches})
           select ${ROW}, sk::text as sort_key from matches ${tail(params, 'sk', 'sid', 'true')}`,
          params,
          PLANNED,
        )
      : // With search, `is true` keeps it out of every index: the sort's index is walked, each row tested.
        await db.query(
          `${select} ${tail(params, sort.key, sort.id, search ? matches.replace(search, `(${search}) is true`) : matches)}`,
          params,
          PLANNED,
        );
  return { rows: toRows(rows), counted };
}

/**
 * The filters of `listProspects` (openapi.yaml) as SQL conditions on `prospects`: `$1` is the workspace, then the
 * filters' values in `params`; `search` is the search's own condition (kept apart: the list tests it row by row
 * on a walk). The list and the app's bulk jobs (`store/bulk-jobs.ts`) match the same rows by it.
 *
 * @returns `undefined` when the search term can match nothing
 */
export function prospectMatchSql(
  workspaceId: string,
  f: ProspectFilters,
): { params: unknown[]; conditions: string[]; search?: string } | undefined {
  const params: unknown[] = [workspaceId];
  const add = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['workspace_id = $1'];
  if (f.tags.length > 0) conditions.push(`tags @> ${add(f.tags)}::text[]`);
  if (f.ownerId !== undefined)
    conditions.push(f.ownerId === null ? 'owner_id is null' : `owner_id = ${add(f.ownerId)}`);
  if (f.outcome !== undefined)
    conditions.push(f.outcome === null ? 'outcome is null' : `outcome = ${add(f.outcome)}`);
  if (f.createdAfter) conditions.push(`created_at > ${add(f.createdAfter)}`);
  if (f.createdBefore) conditions.push(`created_at < ${add(f.createdBefore)}`);
  for (const filter of f.customFields ?? []) conditions.push(customFieldCondition(filter, add));
  if (f.search === undefined) return { params, conditions };
  const condition = prospectSearchCondition(f.search);
  if (condition === undefined) return undefined;
  const search = condition.sql(params.length + 1);
  params.push(condition.value);
  return { params, conditions, search };
}

/**
 * One custom field filter (openapi.yaml `CustomFieldsFilter`, `CustomFieldsGte`, `CustomFieldsLte`), read by its
 * field's type (core's `resolveCustomFieldFilters`): equality as JSON containment, which the GIN index of
 * migration 22 answers (a number equal as a number, a multi-select holding the option); a range by number or by
 * the date's text, tested on the rows the other conditions (or the list's walk) give. A stored value of another
 * JSON type (a field removed and added again with another type) never matches, and never fails the cast.
 */
function customFieldCondition(filter: CustomFieldFilter, add: (value: unknown) => string): string {
  if (filter.type === undefined) throw new Error('custom field filters are resolved before listing');
  if (filter.op === 'eq') {
    const value = filter.type === 'multi_select' ? [filter.value] : filter.value;
    return `custom_fields @> ${add(JSON.stringify({ [filter.key]: value }))}::text::jsonb`;
  }
  const key = add(filter.key);
  const compare = filter.op === 'gte' ? '>=' : '<=';
  return filter.type === 'number'
    ? `(case when jsonb_typeof(custom_fields -> ${key}::text) = 'number' then (custom_fields ->> ${key}::text)::numeric end) ${compare} ${add(filter.value)}::numeric`
    : `(case when jsonb_typeof(custom_fields -> ${key}::text) = 'string' then (custom_fields ->> ${key}::text) end) collate "C" ${compare} ${add(filter.value)}::text`;
}

/** The number of rows matching `where`, counting at most `cap` when given. */
async function countMatches(db: Sql, where: string, params: unknown[], cap?: number): Promise<number> {
  const limited = cap === undefined ? '' : ` limit ${Number(cap)}`;
  const [row] = await db.query<{ total: number | string }>(
    `select count(*) as total from (select 1 from prospects where ${where}${limited}) as matches`,
    params,
    PLANNED,
  );
  return Number(row?.total ?? 0);
}
