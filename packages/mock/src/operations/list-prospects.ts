import { DEFAULT_PAGE, DEFAULT_PER_PAGE, type Prospect, pageEnvelope, pageOffset } from '@prospectkit/core';
import type { Operation } from './operation.js';

/**
 * Lower case one code point at a time, like PostgreSQL's `lower()`: JavaScript's `toLowerCase()` applies
 * context and special casing (`ΟΔΟΣ` -> `οδος`, `İ` -> `i̇`), PostgreSQL the simple per-character mapping
 * (`οδοσ`, `i`).
 */
function lowerLikePostgres(text: string): string {
  return Array.from(text, (ch) => (ch === '\u0130' ? 'i' : ch.toLowerCase())).join('');
}

/**
 * Whether a prospect matches `search`: a case-insensitive substring of `company`, `domain`, `contact_name` or
 * `contact_email`. The columns are joined with U+001F exactly like the server's search expression, so the two
 * agree even on terms that contain it.
 */
function matches(prospect: Prospect, term: string): boolean {
  const haystack = [
    prospect.company,
    prospect.domain ?? '',
    prospect.contact_name ?? '',
    prospect.contact_email ?? '',
  ].join('\u001f');
  return lowerLikePostgres(haystack).includes(lowerLikePostgres(term));
}

/** `GET /prospects`: one page, newest first, in the Laravel paginator envelope. @see operationId `listProspects` */
export const listProspects: Operation = ({ ctx, workspaceId, query, apiRoot }) => {
  const page = Number(query.page ?? DEFAULT_PAGE);
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  const search = query.search as string | undefined;
  const all = ctx.db.prospects.list({ workspaceId });
  const found = search ? all.filter((p) => matches(p, search)) : all;
  const offset = pageOffset(page, perPage);
  return {
    status: 200,
    body: pageEnvelope({
      data: found.slice(offset, offset + perPage),
      total: found.length,
      page,
      perPage,
      path: `${apiRoot}/prospects`,
      search,
    }),
  };
};
