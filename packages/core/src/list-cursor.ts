/**
 * The orders of `listProspects` (openapi.yaml, parameter `Sort`). Each ends with `id` in the same direction.
 */
export const PROSPECT_SORTS = ['newest', 'oldest', 'company_asc', 'company_desc', 'last_activity'] as const;
export type ProspectSort = (typeof PROSPECT_SORTS)[number];

/**
 * A position in a sorted list: the sort key and `id` of the row it was made at, which way to read from there,
 * and the page number the page read from it has (openapi.yaml, parameter `Cursor`).
 */
export interface ListCursor {
  sort: ProspectSort;
  /** The row's sort key as the implementation compares it (PostgreSQL's text of a timestamp, a folded company). */
  key: string;
  /** The row's `id`, the tie-breaker. */
  id: string;
  /** `next`: the rows after the row, in the list's order; `prev`: the rows before it. */
  direction: 'next' | 'prev';
  /** The 1-based page number of the page this cursor reads, for `meta.current_page`, `from` and `to`. */
  page: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;
const ROW_ID = /^[A-Za-z0-9_]{1,64}$/;
const KEY_MAX_LENGTH = 600;
const FORMAT = 1;

/** Whether a sort's key is a timestamp (`created_at`, `updated_at`) rather than text. */
export function sortsByTime(sort: ProspectSort): boolean {
  return sort !== 'company_asc' && sort !== 'company_desc';
}

/**
 * The opaque text of a cursor: base64url of a small JSON array.
 *
 * @example
 * encodeListCursor({ sort: 'newest', key: '2026-01-01 00:00:00+00', id: 'prs_1', direction: 'next', page: 2 });
 * @see openapi.yaml parameter `Cursor`
 */
export function encodeListCursor(cursor: ListCursor): string {
  const payload = [
    FORMAT,
    cursor.sort,
    cursor.key,
    cursor.id,
    cursor.direction === 'next' ? 'n' : 'p',
    cursor.page,
  ];
  return toBase64Url(JSON.stringify(payload));
}

// btoa and atob rather than Buffer: the mock runs in browsers too.
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
}

/**
 * Reads a cursor made by {@link encodeListCursor} for `sort`, checking every part so that nothing a client
 * crafts reaches the database as anything but a well-formed value.
 *
 * @returns the cursor, or `undefined` when it is not one this list gives for `sort`
 */
export function decodeListCursor(text: string, sort: ProspectSort): ListCursor | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(fromBase64Url(text));
  } catch {
    return undefined;
  }
  if (!Array.isArray(payload) || payload.length !== 6) return undefined;
  const [format, madeFor, key, id, direction, page] = payload as unknown[];
  if (format !== FORMAT || madeFor !== sort) return undefined;
  if (typeof key !== 'string' || key.length > KEY_MAX_LENGTH || key.includes('\u0000')) return undefined;
  if (sortsByTime(sort) && !TIMESTAMP.test(key)) return undefined;
  if (typeof id !== 'string' || !ROW_ID.test(id)) return undefined;
  if (direction !== 'n' && direction !== 'p') return undefined;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > 2_147_483_647)
    return undefined;
  return { sort, key, id, direction: direction === 'n' ? 'next' : 'prev', page };
}
