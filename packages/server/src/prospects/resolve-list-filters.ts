import { type FieldIssue, type ProspectFilters, resolveCustomFieldFilters } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { listCustomFields } from '../store/custom-fields.js';

/**
 * Reads a list's custom field filters by the types of the workspace's fields (core's
 * `resolveCustomFieldFilters`), as `listProspectRows` needs them: the API's `listProspects`, the app's list and
 * its bulk jobs. Reads the definitions only when there is such a filter.
 *
 * @returns the filters with their custom field filters typed, or the 422's issues (`custom_fields.<key>` ...)
 * @see openapi.yaml parameters `CustomFieldsFilter`, `CustomFieldsGte`, `CustomFieldsLte`
 */
export async function resolveListFilters(
  db: Sql,
  workspaceId: string,
  filters: ProspectFilters,
): Promise<{ filters: ProspectFilters } | { issues: FieldIssue[] }> {
  if (!filters.customFields?.length) return { filters };
  const resolved = resolveCustomFieldFilters(filters.customFields, await listCustomFields(db, workspaceId));
  return 'issues' in resolved ? resolved : { filters: { ...filters, customFields: resolved.filters } };
}
