import { type CustomFieldFilter, readCustomFieldFilters } from './custom-field-filters.js';
import { decodeListCursor, type ListCursor, type ProspectSort } from './list-cursor.js';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from './pagination.js';
import type { OutcomeValue } from './schemas.js';
import type { FieldIssue } from './validation-messages.js';

/** How `meta.total` is counted (openapi.yaml, parameter `Count`). */
export type CountMode = 'capped' | 'exact' | 'none';

/** The count `capped` stops at; past it `meta.total_relation` is `gte`. @see openapi.yaml parameter `Count` */
export const COUNT_CAP = 10_000;

/** The filters of `listProspects`, all ANDed; an absent one does not filter. */
export interface ProspectFilters {
  /** The `search` term, not empty (an empty one is no filter). */
  search?: string;
  /** Tags every prospect must have, trimmed; empty: no tag filter. */
  tags: string[];
  /** `owner_id` equal to this, or `null` for prospects without an owner. */
  ownerId?: string | null;
  /** `outcome` equal to this, or `null` for prospects without an outcome. */
  outcome?: OutcomeValue | null;
  /** `created_at` strictly later than this. */
  createdAfter?: Date;
  /** `created_at` strictly earlier than this. */
  createdBefore?: Date;
  /**
   * The custom field filters (`custom_fields[key]`, `custom_fields_gte[key]`, `custom_fields_lte[key]`): as sent
   * by {@link readProspectListQuery}, then read by their fields' types (core's `resolveCustomFieldFilters`)
   * before a list uses them. Absent or empty: none.
   */
  customFields?: CustomFieldFilter[];
}

/** A `listProspects` request, read once for the server, the mock and the app. */
export interface ProspectListRequest {
  filters: ProspectFilters;
  sort: ProspectSort;
  count: CountMode;
  perPage: number;
  /** The page number: the cursor's when there is one, else `page`. */
  page: number;
  /** Where to read from; `undefined`: by `page` (an offset). */
  cursor?: ListCursor;
  /** The query parameters every link keeps, in their order: the filters, then `sort` and `count` when not the default. */
  linkQuery: Array<[string, string]>;
}

/** Whether any filter is set (then `meta.total` is counted by `count`; without one it is the workspace's size). */
export function hasFilters(filters: ProspectFilters): boolean {
  return (
    filters.search !== undefined ||
    filters.tags.length > 0 ||
    filters.ownerId !== undefined ||
    filters.outcome !== undefined ||
    filters.createdAfter !== undefined ||
    filters.createdBefore !== undefined ||
    (filters.customFields?.length ?? 0) > 0
  );
}

/**
 * Reads the validated query of `listProspects` (the contract's types and defaults applied by `validateRequest`)
 * into a {@link ProspectListRequest}: `owner_id=none` and `outcome=none` become `null`, an empty `search` is no
 * filter, tags are trimmed, and a `cursor` is decoded for the `sort`.
 *
 * @param query the validated query, e.g. `{ tag: ['q4'], owner_id: 'none', sort: 'newest', count: 'capped' }`
 * @returns the request, or the 422's issue when the cursor is not one this list gives for the `sort`
 * @example
 * readProspectListQuery({ tag: ['q4'], owner_id: 'none' }).request.filters; // { tags: ['q4'], ownerId: null }
 * @see openapi.yaml operationId `listProspects`
 */
export function readProspectListQuery(
  query: Record<string, unknown>,
): { request: ProspectListRequest } | { issues: FieldIssue[] } {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  const search = text('search');
  const ownerId = text('owner_id');
  const outcome = text('outcome');
  const after = text('created_after');
  const before = text('created_before');
  const tags = Array.isArray(query.tag) ? (query.tag as string[]).map((tag) => tag.trim()) : [];
  const sort = (text('sort') ?? 'newest') as ProspectSort;
  const count = (text('count') ?? 'none') as CountMode;
  const filters: ProspectFilters = { tags };
  if (search !== undefined && search !== '') filters.search = search;
  if (ownerId !== undefined) filters.ownerId = ownerId === 'none' ? null : ownerId;
  if (outcome !== undefined) filters.outcome = outcome === 'none' ? null : (outcome as OutcomeValue);
  if (after !== undefined) filters.createdAfter = new Date(after);
  if (before !== undefined) filters.createdBefore = new Date(before);
  const customFields = readCustomFieldFilters(query);
  if (customFields.length > 0) filters.customFields = customFields;
  const linkQuery: Array<[string, string]> = [];
  if (filters.search !== undefined) linkQuery.push(['search', filters.search]);
  for (const tag of tags) linkQuery.push(['tag', tag]);
  if (ownerId !== undefined) linkQuery.push(['owner_id', ownerId]);
  if (outcome !== undefined) linkQuery.push(['outcome', outcome]);
  if (after !== undefined) linkQuery.push(['created_after', after]);
  if (before !== undefined) linkQuery.push(['created_before', before]);
  for (const f of customFields)
    linkQuery.push([
      `${f.op === 'eq' ? 'custom_fields' : `custom_fields_${f.op}`}[${f.key}]`,
      String(f.value),
    ]);
  if (sort !== 'newest') linkQuery.push(['sort', sort]);
  if (count !== 'none') linkQuery.push(['count', count]);
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  const request: ProspectListRequest = {
    filters,
    sort,
    count,
    perPage,
    page: Number(query.page ?? DEFAULT_PAGE),
    linkQuery,
  };
  const cursorText = text('cursor');
  if (cursorText !== undefined) {
    const cursor = decodeListCursor(cursorText, sort);
    if (cursor === undefined)
      return {
        issues: [
          {
            path: ['cursor'],
            keyword: 'cursor',
            message:
              'The cursor is not one this list gave for this sort. Follow links.next or links.prev as they are, with the same sort.',
          },
        ],
      };
    request.cursor = cursor;
    request.page = cursor.page;
  }
  return { request };
}

/**
 * `meta.total` and `meta.total_relation` of a page, by the request's `count` (openapi.yaml, parameter `Count`),
 * the same on the server and the mock.
 *
 * @param counted without filters the workspace's size; with them, the matches counted: all of them (`exact`),
 *   up to `COUNT_CAP + 1` (`capped`), or `undefined` (`none`)
 * @param page the page's item count and whether more follow it
 * @returns the total for {@link pageEnvelope}, which raises a `gte` total to the page's last position
 */
export function listTotal(
  request: Pick<ProspectListRequest, 'filters' | 'count' | 'cursor' | 'page' | 'perPage'>,
  counted: number | undefined,
  page: { items: number; hasMore: boolean },
): { total: number; totalRelation: 'eq' | 'gte' } {
  if (counted !== undefined) {
    if (!hasFilters(request.filters) || request.count === 'exact' || counted <= COUNT_CAP)
      return { total: counted, totalRelation: 'eq' };
    return { total: COUNT_CAP, totalRelation: 'gte' };
  }
  // Not counted: the list is known to end on this page only when it was read by number from the top.
  const known = !page.hasMore && request.cursor === undefined && (page.items > 0 || request.page === 1);
  return known
    ? { total: (request.page - 1) * request.perPage + page.items, totalRelation: 'eq' }
    : { total: 0, totalRelation: 'gte' };
}
