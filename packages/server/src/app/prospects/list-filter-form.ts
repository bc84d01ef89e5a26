import type { QueryObject } from '@prospectkit/core';

/** The list's filter and sort controls as the form shows them ('' where unset). */
export interface ListFilterValues {
  tag: string;
  owner_id: string;
  outcome: string;
  /** A date (`YYYY-MM-DD`, UTC): prospects added on or after it. */
  added_from: string;
  /** A date (`YYYY-MM-DD`, UTC): prospects added on or before it. */
  added_to: string;
  sort: string;
  /** The custom field controls' values by parameter name (`custom_fields[stage]`, `custom_fields_gte[seats]`). */
  custom: Record<string, string>;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads the list page's GET form into the API's query of `listProspects` (openapi.yaml), so the page lists what
 * the API would: empty controls (what a form sends for "any") are left out, and the dates become the API's
 * strict bounds (`added_from` 2026-01-05 is `created_after` 2026-01-04T23:59:59.999Z, `added_to` 2026-01-05 is
 * `created_before` 2026-01-06T00:00:00.000Z). Links the API builds carry `created_after` and `created_before`
 * themselves; they are read back into the dates the form shows.
 *
 * @param query the page's query string, parsed (a repeated key is a list)
 * @returns `api`, the query to validate and list by; `values`, what the controls show
 * @example
 * readListFilterForm({ tag: 'q4', owner_id: '', added_from: '2026-01-05' }).api;
 * // { tag: 'q4', created_after: '2026-01-04T23:59:59.999Z' }
 */
export function readListFilterForm(query: QueryObject): { api: QueryObject; values: ListFilterValues } {
  const api: QueryObject = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'added_from' || name === 'added_to') continue;
    const kept = Array.isArray(value) ? value.filter((v) => v !== '') : value;
    if (kept === '' || (Array.isArray(kept) && kept.length === 0)) continue;
    api[name] = kept;
  }
  const one = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  const from = one('added_from');
  const to = one('added_to');
  if (DATE.test(from)) api.created_after = new Date(Date.parse(`${from}T00:00:00Z`) - 1).toISOString();
  else if (from !== '') api.created_after = from;
  if (DATE.test(to)) api.created_before = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
  else if (to !== '') api.created_before = to;
  const day = (iso: unknown, shiftMs: number) => {
    const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
    return Number.isNaN(ms) ? '' : new Date(ms + shiftMs).toISOString().slice(0, 10);
  };
  const tag = query.tag;
  return {
    api,
    values: {
      tag: Array.isArray(tag) ? tag.join(', ') : (tag ?? ''),
      owner_id: one('owner_id'),
      outcome: one('outcome'),
      added_from: from !== '' ? from : day(api.created_after, 1),
      added_to: to !== '' ? to : day(api.created_before, -1),
      sort: one('sort'),
      custom: Object.fromEntries(
        Object.keys(query)
          .filter((name) => /^custom_fields(_gte|_lte)?\[/.test(name))
          .map((name) => [name, one(name)]),
      ),
    },
  };
}
