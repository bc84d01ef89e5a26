import {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  lowerLikePostgres,
  type Prospect,
  pageEnvelope,
  pageOffset,
  parseProspectSearch,
  searchWords,
} from '@prospectkit/core';
import type { Operation } from './operation.js';

/**
 * Whether a prospect matches `search`, by the rules of core's `parseProspectSearch` (openapi.yaml, parameter
 * `Search`): an email or domain prefix, or each word of the term starting a word of `company`, `domain`,
 * `contact_name` or `contact_email`; letters compared lowered like PostgreSQL's `lower()`, as the server does.
 */
function matcher(term: string): (prospect: Prospect) => boolean {
  const search = parseProspectSearch(term);
  if (search.kind !== 'words') {
    const prefix = lowerLikePostgres(search.prefix);
    const field = search.kind === 'email' ? 'contact_email' : 'domain';
    return (prospect) => lowerLikePostgres(prospect[field] ?? '').startsWith(prefix);
  }
  const wanted = search.words.map(lowerLikePostgres);
  return (prospect) => {
    const fields = [prospect.company, prospect.domain, prospect.contact_name, prospect.contact_email];
    const words = searchWords(lowerLikePostgres(fields.filter((f) => f !== null).join(' ')));
    return wanted.length > 0 && wanted.every((w) => words.some((word) => word.startsWith(w)));
  };
}

/** `GET /prospects`: one page, newest first, in the Laravel paginator envelope. @see operationId `listProspects` */
export const listProspects: Operation = ({ ctx, workspaceId, query, apiRoot }) => {
  const page = Number(query.page ?? DEFAULT_PAGE);
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  const search = query.search as string | undefined;
  const all = ctx.db.prospects.list({ workspaceId });
  const found = search ? all.filter(matcher(search)) : all;
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
