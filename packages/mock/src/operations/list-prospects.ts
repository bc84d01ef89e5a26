import {
  COUNT_CAP,
  cutListPage,
  foldForSearch,
  hasFilters,
  type ListCursor,
  listTotal,
  lowerLikePostgres,
  matchesCustomFieldFilter,
  type Prospect,
  type ProspectFilters,
  type ProspectSort,
  pageEnvelope,
  pageOffset,
  parseProspectSearch,
  type ResolvedCustomFieldFilter,
  readProspectListQuery,
  resolveCustomFieldFilters,
  searchWords,
} from '@prospectkit/core';
import type { Operation } from './operation.js';

/**
 * Whether a prospect matches `search`, by the rules of core's `parseProspectSearch` (openapi.yaml, parameter
 * `Search`): an email or domain prefix (lowered like PostgreSQL's `lower()`), or each word of the term starting
 * a word of `company`, `domain`, `contact_name` or `contact_email`, words folded as the server's
 * `lower(unaccent())` (core's `foldForSearch`).
 */
function matcher(term: string): (prospect: Prospect) => boolean {
  const search = parseProspectSearch(term);
  if (search.kind !== 'words') {
    const prefix = lowerLikePostgres(search.prefix);
    const field = search.kind === 'email' ? 'contact_email' : 'domain';
    return (prospect) => lowerLikePostgres(prospect[field] ?? '').startsWith(prefix);
  }
  const wanted = search.words.map(foldForSearch);
  return (prospect) => {
    const fields = [prospect.company, prospect.domain, prospect.contact_name, prospect.contact_email];
    const words = searchWords(foldForSearch(fields.filter((f) => f !== null).join(' ')));
    return wanted.length > 0 && wanted.every((w) => words.some((word) => word.startsWith(w)));
  };
}

/** Every filter of openapi.yaml `listProspects` as one test, ANDed. */
function filtersMatcher(filters: ProspectFilters): (prospect: Prospect) => boolean {
  const search = filters.search === undefined ? undefined : matcher(filters.search);
  const after = filters.createdAfter?.getTime();
  const before = filters.createdBefore?.getTime();
  return (p) =>
    (search === undefined || search(p)) &&
    filters.tags.every((tag) => p.tags.includes(tag)) &&
    (filters.ownerId === undefined || p.owner_id === filters.ownerId) &&
    (filters.outcome === undefined || (p.outcome?.outcome ?? null) === filters.outcome) &&
    (after === undefined || Date.parse(p.created_at) > after) &&
    (before === undefined || Date.parse(p.created_at) < before) &&
    (filters.customFields ?? []).every((f) =>
      matchesCustomFieldFilter(p.custom_fields ?? {}, f as ResolvedCustomFieldFilter),
    );
}

/** A prospect's key in `sort`: a time as its ISO text (which sorts as the time), or the folded company. */
function keyOf(sort: ProspectSort): (p: Prospect) => string {
  if (sort === 'company_asc' || sort === 'company_desc') return (p) => foldForSearch(p.company);
  if (sort === 'last_activity') return (p) => p.updated_at;
  return (p) => p.created_at;
}

/** Code point order, as the server's `collate "C"` compares UTF-8 bytes. */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

/** Compares (key, id) pairs in the list's order of `sort` (openapi.yaml parameter `Sort`). */
function comparator(sort: ProspectSort) {
  const ascending = sort === 'oldest' || sort === 'company_asc';
  return (a: { key: string; id: string }, b: { key: string; id: string }) => {
    const order = compareText(a.key, b.key) || compareText(a.id, b.id);
    return ascending ? order : -order;
  };
}

/** The rows a cursor reads: after it in the list's order, or before it, nearest first; one more than a page. */
function fromCursor<T extends { key: string; id: string }>(
  sorted: T[],
  cursor: ListCursor,
  perPage: number,
): T[] {
  const compare = comparator(cursor.sort);
  const at = { key: cursor.key, id: cursor.id };
  if (cursor.direction === 'next') return sorted.filter((row) => compare(row, at) > 0).slice(0, perPage + 1);
  return sorted
    .filter((row) => compare(row, at) < 0)
    .reverse()
    .slice(0, perPage + 1);
}

/**
 * `GET /prospects`: the filters, the sort, a page by number or by cursor, and the count, in the Laravel paginator
 * envelope, read by core's `readProspectListQuery` and cut by `cutListPage` as the server does.
 * @see operationId `listProspects`
 */
export const listProspects: Operation = ({ ctx, workspaceId, query, apiRoot }) => {
  const read = readProspectListQuery(query);
  if ('issues' in read) return { issues: read.issues };
  // The custom field filters read by the workspace's fields' types, as the server's `resolveListFilters`.
  const custom = resolveCustomFieldFilters(
    read.request.filters.customFields ?? [],
    ctx.db.customFields.list({ workspaceId }),
  );
  if ('issues' in custom) return { issues: custom.issues };
  const request = {
    ...read.request,
    filters: {
      ...read.request.filters,
      ...(custom.filters.length > 0 ? { customFields: custom.filters } : {}),
    },
  };
  const key = keyOf(request.sort);
  const all = ctx.db.prospects.list({ workspaceId });
  const found = all.filter(filtersMatcher(request.filters)).map((p) => ({ p, key: key(p), id: p.id }));
  const sorted = found.sort(comparator(request.sort));
  const offset = pageOffset(request.page, request.perPage);
  const rows = request.cursor
    ? fromCursor(sorted, request.cursor, request.perPage)
    : sorted.slice(offset, offset + request.perPage + 1);
  const page = cutListPage(rows, request, (row) => row.key);
  const counted = !hasFilters(request.filters)
    ? all.length
    : request.count === 'exact'
      ? found.length
      : request.count === 'capped'
        ? Math.min(found.length, COUNT_CAP + 1)
        : undefined;
  return {
    status: 200,
    body: pageEnvelope({
      data: page.data.map((row) => row.p),
      ...listTotal(request, counted, { items: page.data.length, hasMore: page.hasMore }),
      hasMore: page.hasMore,
      page: request.page,
      perPage: request.perPage,
      path: `${apiRoot}/prospects`,
      linkQuery: request.linkQuery,
      cursors: page.cursors,
    }),
  };
};
