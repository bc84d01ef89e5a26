import type { ValidateFunction } from 'ajv';
import { createContractAjv } from './contract-ajv.js';
import { isWebsite } from './prospect-input.js';
import { toStoredText } from './text-input.js';
import type { FieldIssue } from './validation-messages.js';

/** The types a custom field can have. @see openapi.yaml `components.schemas.CustomFieldValues` */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'number',
  'date',
  'url',
  'email',
  'single_select',
  'multi_select',
  'checkbox',
] as const;

/** A custom field's type: `text`, `number`, `date`, `url`, `email`, `single_select`, `multi_select` or `checkbox`. */
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** How many custom fields a workspace may define, and how many values a prospect may hold (`maxProperties`). */
export const CUSTOM_FIELD_LIMIT = 50;

/** How many options a select field may offer, each of at most 255 characters (`CustomFieldValue.items`). */
export const CUSTOM_FIELD_OPTION_LIMIT = 50;

/** What a custom field's key must look like: lower case, digits and `_`, starting with a letter, 1-40 characters. */
export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** A workspace's custom field, as defined under Workspace settings → Fields. */
export interface CustomFieldDefinition {
  /** The key in `custom_fields`, e.g. `lifecycle_stage` (a lower-case letter, then up to 39 lower-case letters, digits or `_`). */
  key: string;
  /** What the app shows, e.g. `Lifecycle stage`; 1-100 characters. */
  label: string;
  type: CustomFieldType;
  /** The choices of a `single_select` or `multi_select` field, in order; `[]` for the other types. */
  options: string[];
}

/** A custom field value as stored and answered. */
export type CustomFieldValue = string | number | boolean | string[];

let formats: { email: ValidateFunction; date: ValidateFunction } | undefined;
const checkFormat = (format: 'email' | 'date', value: string) => {
  formats ??= {
    email: createContractAjv(false).compile({ type: 'string', format: 'email' }),
    date: createContractAjv(false).compile({ type: 'string', format: 'date' }),
  };
  return formats[format](value);
};

/** The value normalised, or the issue of a value the field's type refuses (the path is set by the caller). */
function checkValue(
  field: CustomFieldDefinition,
  value: unknown,
): { value: CustomFieldValue | null } | { issue: Omit<FieldIssue, 'path'> } {
  const wrongType = (type: string) => ({ issue: { keyword: 'type', type } });
  switch (field.type) {
    case 'text': {
      if (typeof value !== 'string') return wrongType('string');
      const trimmed = toStoredText(value.trim());
      return { value: trimmed === '' ? null : trimmed };
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? { value } : wrongType('number');
    case 'checkbox':
      return typeof value === 'boolean' ? { value } : wrongType('boolean');
    case 'date':
    case 'url':
    case 'email': {
      if (typeof value !== 'string') return wrongType('string');
      const trimmed = value.trim();
      const ok =
        field.type === 'url'
          ? isWebsite(trimmed)
          : checkFormat(field.type === 'date' ? 'date' : 'email', trimmed);
      const format = field.type === 'url' ? 'uri' : field.type;
      return ok ? { value: trimmed } : { issue: { keyword: 'format', format } };
    }
    case 'single_select':
      if (typeof value !== 'string') return wrongType('string');
      return field.options.includes(value) ? { value } : { issue: { keyword: 'enum' } };
    case 'multi_select': {
      if (!Array.isArray(value)) return wrongType('array');
      if (value.some((v) => typeof v !== 'string' || !field.options.includes(v)))
        return { issue: { keyword: 'enum' } };
      if (new Set(value).size !== value.length) return { issue: { keyword: 'distinct' } };
      return { value: value.length === 0 ? null : [...(value as string[])] };
    }
  }
}

/**
 * Checks and normalises the `custom_fields` of a create or update body against the workspace's definitions,
 * and merges them into the stored values: only the keys sent change, `null` (or a blank text, or an empty
 * multi-select) removes a value. Applied after the contract's schema (which bounds sizes), by the server and
 * the mock alike.
 *
 * @param sent the body's `custom_fields` (`null` or absent: nothing changes)
 * @param definitions the workspace's custom fields
 * @param stored the prospect's stored values (`{}` for a create)
 * @returns the values to store, and one issue per refused key, at `custom_fields.<key>`: `unknown_custom_field`
 *   (no such field), `type` (wrong JSON type), `format` (a date, URL or email that is not one), `enum` (an
 *   option not in the list), `distinct` (an option twice)
 * @example
 * normalizeCustomFields({ size: 'big' }, [{ key: 'size', label: 'Size', type: 'number', options: [] }], {});
 * // { values: {}, issues: [{ path: ['custom_fields', 'size'], keyword: 'type', type: 'number' }] }
 * @see openapi.yaml `components.schemas.CustomFieldValues`
 */
export function normalizeCustomFields(
  sent: Readonly<Record<string, unknown>> | null | undefined,
  definitions: readonly CustomFieldDefinition[],
  stored: Readonly<Record<string, CustomFieldValue>>,
): { values: Record<string, CustomFieldValue>; issues: FieldIssue[] } {
  const values: Record<string, CustomFieldValue> = { ...stored };
  const issues: FieldIssue[] = [];
  if (!sent) return { values, issues };
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  for (const [key, value] of Object.entries(sent)) {
    const path = ['custom_fields', key];
    const field = byKey.get(key);
    if (!field) {
      issues.push({ path, keyword: 'unknown_custom_field' });
      continue;
    }
    const checked = value === null ? { value: null } : checkValue(field, value);
    if ('issue' in checked) issues.push({ path, ...checked.issue });
    else if (checked.value === null) delete values[key];
    else values[key] = checked.value;
  }
  return { values, issues };
}
