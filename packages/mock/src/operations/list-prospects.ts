import { DEFAULT_PAGE, DEFAULT_PER_PAGE, type Prospect, pageEnvelope, pageOffset } from '@prospectkit/core';
import type { Operation } from './operation.js';

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
  ]
    .join('\u001f')
    .toLowerCase();
  return haystack.includes(term.toLowerCase());
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
