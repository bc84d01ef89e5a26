import {
  type CustomFieldDefinition,
  nulIssues,
  type ProspectListRequest,
  type QueryObject,
  readProspectListQuery,
  validateRequest,
} from '@prospectkit/core';
import type { Request } from 'express';
import type { Sql } from '../../db/database.js';
import { resolveListFilters } from '../../prospects/resolve-list-filters.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { issueErrors } from '../shared/issue-errors.js';
import { type ListFilterValues, readListFilterForm } from './list-filter-form.js';

/** The list's query parameters as the page names them. */
const LIST_QUERY_LABELS: Record<string, string> = {
  search: 'Search',
  page: 'Page',
  per_page: 'Per page',
  tag: 'Tag',
  'tag.0': 'Tag',
  owner_id: 'Owner',
  outcome: 'Outcome',
  created_after: 'Added from',
  created_before: 'Added until',
  sort: 'Sort',
  cursor: 'Page',
};

/**
 * The list's query as the API reads it (core's `validateRequest` and `readProspectListQuery`), from the page's
 * GET form (`readListFilterForm`), or its problems beside the controls.
 */
export async function listQuery(
  db: Sql,
  workspaceId: string,
  query: QueryObject,
  definitions: readonly CustomFieldDefinition[],
): Promise<{
  request: ProspectListRequest;
  search: string;
  values: ListFilterValues;
  errors?: FieldErrors;
}> {
  const { api, values } = readListFilterForm(query);
  const validated = validateRequest('listProspects', api, undefined);
  const typed = typeof api.search === 'string' ? api.search : '';
  const issues = validated.ok ? nulIssues(validated.query, undefined) : validated.issues;
  const read = validated.ok && issues.length === 0 ? readProspectListQuery(validated.query) : undefined;
  const resolved =
    read && !('issues' in read) ? await resolveListFilters(db, workspaceId, read.request.filters) : undefined;
  if (read === undefined || 'issues' in read || resolved === undefined || 'issues' in resolved) {
    // The API would answer 422; the page says why beside the search box and lists the first page, unfiltered.
    const found =
      resolved && 'issues' in resolved ? resolved.issues : read && 'issues' in read ? read.issues : issues;
    const fieldLabel = (path: string) => {
      const key = /^custom_fields(?:_gte|_lte)?\.(.+)$/.exec(path)?.[1];
      return key === undefined ? undefined : (definitions.find((d) => d.key === key)?.label ?? key);
    };
    const errors = issueErrors(found, { label: (path) => LIST_QUERY_LABELS[path] ?? fieldLabel(path) });
    const plain = readProspectListQuery({});
    if ('issues' in plain) throw new Error('the default list query is valid');
    return {
      request: plain.request,
      search: typed.replaceAll('\u0000', ''),
      values,
      errors: { search: Object.values(errors)[0] as string },
    };
  }
  // The page says how many match ("1,234 matching", "10,000+"), so it counts up to the cap where the API's
  // default counts nothing (openapi.yaml parameter `Count`).
  const count = api.count === undefined ? 'capped' : read.request.count;
  return { request: { ...read.request, count, filters: resolved.filters }, search: typed, values };
}

/** The page's query string without `page` and `cursor`: what "Save this view" keeps. */
export function viewQueryOf(req: Request): string {
  const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
  query.delete('page');
  query.delete('cursor');
  return query.toString();
}
