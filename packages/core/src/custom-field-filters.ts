import type { CustomFieldDefinition, CustomFieldType, CustomFieldValue } from './custom-fields.js';
import type { FieldIssue } from './validation-messages.js';

/** How a custom field filter compares: equal, at least, at most (openapi.yaml `CustomFieldsFilter`, `...Gte`, `...Lte`). */
export type CustomFieldFilterOp = 'eq' | 'gte' | 'lte';

/** The query parameters of the custom field filters (each `name[key]=value`, `style: deepObject`) and their op. */
export const CUSTOM_FIELD_FILTER_PARAMS: Readonly<Record<string, CustomFieldFilterOp>> = {
  custom_fields: 'eq',
  custom_fields_gte: 'gte',
  custom_fields_lte: 'lte',
};

/**
 * One custom field filter: as the query sent it (`value` its text, no `type`), or read by its field's type
 * ({@link resolveCustomFieldFilters}: `type` set, `value` a number for `number`, a boolean for `checkbox`).
 */
export interface CustomFieldFilter {
  key: string;
  op: CustomFieldFilterOp;
  value: string | number | boolean;
  type?: CustomFieldType;
}

/** A filter read by its field's type. */
export type ResolvedCustomFieldFilter = Required<CustomFieldFilter>;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * The custom field filters of a validated `listProspects` query (openapi.yaml: `custom_fields[key]`,
 * `custom_fields_gte[key]`, `custom_fields_lte[key]`), in a stable order (parameter, then key).
 */
export function readCustomFieldFilters(query: Record<string, unknown>): CustomFieldFilter[] {
  const filters: CustomFieldFilter[] = [];
  for (const [name, op] of Object.entries(CUSTOM_FIELD_FILTER_PARAMS)) {
    const values = query[name];
    if (typeof values !== 'object' || values === null) continue;
    for (const key of Object.keys(values).sort())
      filters.push({ key, op, value: String((values as Record<string, unknown>)[key]) });
  }
  return filters;
}

/**
 * Reads each filter by its field's type, against the workspace's definitions, the server and the mock alike.
 *
 * @returns the typed filters, or the 422's issues at `<parameter>.<key>`: `unknown_custom_field`, `type` (a
 *   number or boolean that is not one), `format` (a date that is not `YYYY-MM-DD`), `enum` (an option not in
 *   the field's list), or a range on a field that is neither `number` nor `date`
 * @example
 * resolveCustomFieldFilters([{ key: 'seats', op: 'gte', value: '10' }], [{ key: 'seats', label: 'Seats', type: 'number', options: [] }]);
 * // { filters: [{ key: 'seats', op: 'gte', type: 'number', value: 10 }] }
 */
export function resolveCustomFieldFilters(
  filters: readonly CustomFieldFilter[],
  definitions: readonly CustomFieldDefinition[],
): { filters: ResolvedCustomFieldFilter[] } | { issues: FieldIssue[] } {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const resolved: ResolvedCustomFieldFilter[] = [];
  const issues: FieldIssue[] = [];
  for (const filter of filters) {
    const param = Object.keys(CUSTOM_FIELD_FILTER_PARAMS).find(
      (name) => CUSTOM_FIELD_FILTER_PARAMS[name] === filter.op,
    ) as string;
    const path = [param, filter.key];
    const field = byKey.get(filter.key);
    if (!field) {
      issues.push({ path, keyword: 'unknown_custom_field' });
      continue;
    }
    if (filter.op !== 'eq' && field.type !== 'number' && field.type !== 'date') {
      issues.push({
        path,
        keyword: 'range',
        message: `The ${filter.key} field is a ${field.type} field: only number and date fields take a range.`,
      });
      continue;
    }
    const value = readValue(field, String(filter.value));
    if ('keyword' in value) issues.push({ path, ...value });
    else resolved.push({ key: filter.key, op: filter.op, type: field.type, value: value.value });
  }
  return issues.length > 0 ? { issues } : { filters: resolved };
}

function readValue(
  field: CustomFieldDefinition,
  text: string,
): { value: string | number | boolean } | Omit<FieldIssue, 'path'> {
  switch (field.type) {
    case 'number':
      return NUMBER.test(text) && Number.isFinite(Number(text))
        ? { value: Number(text) }
        : { keyword: 'type', type: 'number' };
    case 'checkbox':
      return text === 'true' || text === 'false'
        ? { value: text === 'true' }
        : { keyword: 'type', type: 'boolean' };
    case 'date':
      return DATE.test(text) ? { value: text } : { keyword: 'format', format: 'date' };
    case 'single_select':
    case 'multi_select':
      return field.options.includes(text) ? { value: text } : { keyword: 'enum' };
    default:
      return { value: text };
  }
}

/**
 * Whether stored values pass one filter, as the server's SQL decides it (`store/prospect-list.ts`): equality as
 * JSON containment (a number equal as a number, a multi-select holding the option), a range by number or by
 * the date's text; no value never matches. The mock filters with it.
 */
export function matchesCustomFieldFilter(
  values: Readonly<Record<string, CustomFieldValue>>,
  filter: ResolvedCustomFieldFilter,
): boolean {
  const stored = values[filter.key];
  if (stored === undefined) return false;
  if (filter.op === 'eq')
    return Array.isArray(stored) ? stored.includes(String(filter.value)) : stored === filter.value;
  if (typeof stored !== typeof filter.value) return false;
  if (typeof stored === 'number') {
    const value = filter.value as number;
    return filter.op === 'gte' ? stored >= value : stored <= value;
  }
  const [a, b] = [String(stored), String(filter.value)];
  return filter.op === 'gte' ? a >= b : a <= b;
}

/**
 * A query string parsed flat (`custom_fields[seats]` a name of its own, as Express's simple parser and
 * `URLSearchParams` give it) with each `style: deepObject` parameter of `names` gathered into its object:
 * `{ 'custom_fields[seats]': '25' }` becomes `{ custom_fields: { seats: '25' } }`. A key sent twice keeps the
 * list, which the schema then refuses.
 */
export function gatherDeepObjects(
  query: Readonly<Record<string, string | string[]>>,
  names: ReadonlySet<string>,
): Record<string, unknown> {
  const gathered: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    const deep = /^([a-z_]+)\[([^\]]*)\]$/.exec(name);
    if (deep && names.has(deep[1] as string)) {
      const parent = deep[1] as string;
      const object = (gathered[parent] ?? {}) as Record<string, unknown>;
      object[deep[2] as string] = value;
      gathered[parent] = object;
    } else gathered[name] = value;
  }
  return gathered;
}
