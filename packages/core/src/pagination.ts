import type { ProspectList } from './schemas.js';

/** Paging defaults and bounds. @see openapi.yaml `components.parameters.Page`, `PerPage` */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** Inputs of {@link pageEnvelope}. */
export interface PageOptions<T> {
  /** The items of this page, already ordered and sliced. */
  data: T[];
  /** How many items match in all pages: exact, or a lower bound when `totalRelation` is `gte`. */
  total: number;
  /** `eq`: `total` is exact; `gte`: at least `total` (raised to the page's last position, plus one when more follow). Default `eq`. */
  totalRelation?: 'eq' | 'gte';
  /** Whether items follow this page. Default: this page is before the last. */
  hasMore?: boolean;
  /** The 1-based page number asked for (or the cursor's). */
  page: number;
  /** Items per page, 1-100. */
  perPage: number;
  /** The list's absolute URL without a query, e.g. `http://localhost:3000/api/v1/prospects`. */
  path: string;
  /** The `search` filter, kept in every link when set (when `linkQuery` is not given). */
  search?: string | undefined;
  /** The query every link keeps, before `per_page` (the filters, `sort`, `count`). Default: `search` alone. */
  linkQuery?: ReadonlyArray<readonly [string, string]>;
  /** The cursors of `links.next` and `links.prev` (core's `cutListPage`). Default: links by page number. */
  cursors?: { next: string | null; prev: string | null };
}

/** Row offset of a page: `(page - 1) * perPage`. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/**
 * Wraps one page of items in the Laravel paginator envelope `{data, links, meta}`. Links are absolute and keep
 * the filters and `per_page`; `first` and `last` ask by page number, `prev` and `next` by cursor when `cursors`
 * are given; they are `null` where there is none; `from` and `to` are `null` on an empty page; `last_page` is at
 * least 1 and follows `total`.
 *
 * @see openapi.yaml `ProspectList`, `PaginationMeta`, operationId `listProspects`
 */
export function pageEnvelope<T>(options: PageOptions<T>): Omit<ProspectList, 'data'> & { data: T[] } {
  const { data, page, perPage, path, search, cursors } = options;
  const relation = options.totalRelation ?? 'eq';
  const from = data.length > 0 ? pageOffset(page, perPage) + 1 : null;
  const to = from === null ? null : from + data.length - 1;
  const seen = (to ?? 0) + (options.hasMore ? 1 : 0);
  const total = relation === 'gte' ? Math.max(options.total, seen) : options.total;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const hasMore = options.hasMore ?? page < lastPage;
  const kept =
    options.linkQuery ?? (search !== undefined && search !== '' ? [['search', search] as const] : []);
  const url = (last: readonly [string, string]) => {
    const query = new URLSearchParams();
    for (const [name, value] of kept) query.append(name, value);
    query.set('per_page', String(perPage));
    query.set(last[0], last[1]);
    return `${path}?${query.toString()}`;
  };
  const byPage = (target: number) => url(['page', String(target)]);
  const byCursor = (cursor: string | null) => (cursor === null ? null : url(['cursor', cursor]));
  // A page past the end has no row to make a cursor at: its prev asks for the last page by number.
  const prevByPage = page > 1 ? byPage(Math.min(page - 1, lastPage)) : null;
  return {
    data,
    links: {
      first: byPage(1),
      last: byPage(lastPage),
      prev: cursors ? (byCursor(cursors.prev) ?? (data.length === 0 ? prevByPage : null)) : prevByPage,
      next: cursors ? byCursor(cursors.next) : page < lastPage ? byPage(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to,
      total,
      total_relation: relation,
      has_more: hasMore,
    },
  };
}
