import type { ProspectList } from './schemas.js';

/** Paging defaults and bounds. @see openapi.yaml `components.parameters.Page`, `PerPage` */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** Inputs of {@link pageEnvelope}. */
export interface PageOptions<T> {
  /** The items of this page, already ordered and sliced. */
  data: T[];
  /** How many items match in all pages. */
  total: number;
  /** The 1-based page number asked for. */
  page: number;
  /** Items per page, 1-100. */
  perPage: number;
  /** The list's absolute URL without a query, e.g. `http://localhost:3000/api/v1/prospects`. */
  path: string;
  /** The `search` filter, kept in every link when set. */
  search?: string | undefined;
}

/** Row offset of a page: `(page - 1) * perPage`. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/**
 * Wraps one page of items in the Laravel paginator envelope `{data, links, meta}`. Links are absolute and keep
 * `search` and `per_page`; `prev` and `next` are `null` where there is none; `from` and `to` are `null` on an
 * empty page; `last_page` is at least 1.
 *
 * @see openapi.yaml `ProspectList`, operationId `listProspects`
 */
export function pageEnvelope<T>(options: PageOptions<T>): Omit<ProspectList, 'data'> & { data: T[] } {
  const { data, total, page, perPage, path, search } = options;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (target: number) => {
    const query = new URLSearchParams();
    if (search !== undefined && search !== '') query.set('search', search);
    query.set('per_page', String(perPage));
    query.set('page', String(target));
    return `${path}?${query.toString()}`;
  };
  const from = data.length > 0 ? pageOffset(page, perPage) + 1 : null;
  return {
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? url(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total,
    },
  };
}
