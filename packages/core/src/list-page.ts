import { encodeListCursor } from './list-cursor.js';
import type { ProspectListRequest } from './prospect-list-query.js';

/** One page cut from the rows read for it, with what its links need. */
export interface ListPage<T> {
  /** The page's items, in the list's order. */
  data: T[];
  /** Whether items follow the page (`meta.has_more`, `links.next`). */
  hasMore: boolean;
  /** The cursors of `links.next` and `links.prev`; `null` where there is none. */
  cursors: { next: string | null; prev: string | null };
}

/**
 * Cuts a page from the rows read for it, the same way on the server and the mock. The rows are read one more
 * than `perPage` (the one more says there is more that way): in the list's order for a page by number or a
 * `next` cursor, in the opposite order for a `prev` cursor (then reversed here).
 *
 * @param rows up to `perPage + 1` rows, in the order they were read
 * @param request the request (`sort`, `perPage`, `page`, `cursor`)
 * @param keyOf a row's sort key, as the implementation compares it (what the cursor carries)
 * @returns the page, whether more follow, and the cursors of its neighbours
 * @see openapi.yaml parameter `Cursor`, schema `PaginationLinks`
 */
export function cutListPage<T extends { id: string }>(
  rows: readonly T[],
  request: Pick<ProspectListRequest, 'sort' | 'perPage' | 'page' | 'cursor'>,
  keyOf: (row: T) => string,
): ListPage<T> {
  const backwards = request.cursor?.direction === 'prev';
  const extra = rows.length > request.perPage;
  const data = rows.slice(0, request.perPage);
  if (backwards) data.reverse();
  // Reading backwards, the cursor's own row follows the page; reading forwards, more rows follow when one extra
  // was read, and rows come before when the walk did not start at the top.
  const hasMore = backwards ? true : extra;
  const hasPrev = backwards ? extra : request.cursor !== undefined || request.page > 1;
  const first = data[0];
  const last = data[data.length - 1];
  const at = (row: T, direction: 'next' | 'prev', page: number) =>
    encodeListCursor({ sort: request.sort, key: keyOf(row), id: row.id, direction, page });
  return {
    data,
    hasMore,
    cursors: {
      next: hasMore && last ? at(last, 'next', request.page + 1) : null,
      prev: hasPrev && first ? at(first, 'prev', Math.max(1, request.page - 1)) : null,
    },
  };
}
