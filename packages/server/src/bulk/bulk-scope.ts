import {
  type FieldIssue,
  nulIssues,
  type ProspectFilters,
  type QueryObject,
  readProspectListQuery,
  validateRequest,
} from '@prospectkit/core';

/** A query string as core's `validateRequest` takes it: a repeated name is a list. */
export function queryObjectOf(query: string): QueryObject {
  const object: QueryObject = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const had = object[name];
    object[name] = had === undefined ? value : [...[had].flat(), value];
  }
  return object;
}

/**
 * The filters a bulk job's query names, read as the API's `listProspects` reads them (core's `validateRequest`
 * and `readProspectListQuery`), so "all N matching" is the rows the list showed. Paging, sort and count do not
 * change which rows match and are ignored.
 *
 * @param query the list's query string, e.g. `tag=q4&owner_id=none`
 * @returns the filters, or the API's 422 issues for a query the API would refuse
 * @example
 * bulkFilters('tag=q4&owner_id=none'); // { filters: { tags: ['q4'], ownerId: null } }
 */
export function bulkFilters(query: string): { filters: ProspectFilters } | { issues: FieldIssue[] } {
  const { page: _page, cursor: _cursor, per_page: _perPage, ...rest } = queryObjectOf(query);
  const validated = validateRequest('listProspects', rest, undefined);
  if (!validated.ok) return { issues: validated.issues };
  const nul = nulIssues(validated.query, undefined);
  if (nul.length > 0) return { issues: nul };
  const read = readProspectListQuery(validated.query);
  return 'issues' in read ? read : { filters: read.request.filters };
}
