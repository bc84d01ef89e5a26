import { isCountryCode } from './country-codes.js';
import type { CustomFieldValue } from './custom-fields.js';
import type { ProspectCreate, ProspectUpdate } from './schemas.js';
import { toStoredText } from './text-input.js';
import type { FieldIssue } from './validation-messages.js';

/** The optional text fields of `ProspectCreate` and `ProspectUpdate`, trimmed with blank meaning `null`. */
export const OPTIONAL_PROSPECT_TEXT = [
  'domain',
  'website',
  'location',
  'contact_name',
  'contact_email',
  'contact_first_name',
  'contact_last_name',
  'contact_title',
  'contact_phone',
  'contact_profile_url',
  'city',
  'region',
  'country',
  'notes',
  'owner_id',
] as const;

/** Every field a create or update body may write, in the order the server's columns list them. */
export const PROSPECT_INPUT_FIELDS = ['company', ...OPTIONAL_PROSPECT_TEXT, 'tags', 'custom_fields'] as const;

/** A field of {@link PROSPECT_INPUT_FIELDS}. */
export type ProspectInputField = (typeof PROSPECT_INPUT_FIELDS)[number];

/** A schema-valid create or update body, trimmed: the fields to write, each present only if it was sent. */
export type NormalizedProspectInput = Partial<{
  company: string;
  domain: string | null;
  website: string | null;
  location: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_title: string | null;
  contact_phone: string | null;
  contact_profile_url: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  notes: string | null;
  tags: string[];
  owner_id: string | null;
  /** The merged values to store: set only from core's `normalizeCustomFields`, never from the body as sent. */
  custom_fields: Record<string, CustomFieldValue>;
  [key: string]: unknown;
}>;

/**
 * Whether a website reads as an `http` or `https` URL with a host, as a consumer's `new URL(website)` would:
 * the contract's pattern requires a host, and this also refuses what only parsing finds, such as a port
 * over 65535.
 *
 * @example
 * isWebsite('https://acme.example'); // true
 * isWebsite('https://'); // false
 * @see openapi.yaml `components.schemas.Website`
 */
export function isWebsite(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Applies the rules JSON Schema cannot say, to a body that already passed the contract's schema: `company` and
 * tags are trimmed (and must not be blank after it), optional text fields are trimmed with blank meaning `null`,
 * `tags: null` clears the list, tags must be unique after trimming, and `website` must parse as a URL with a
 * host, as must `contact_profile_url`; `contact_phone` has each run of white space made one space; `country` is
 * upper-cased and must be an assigned ISO 3166-1 alpha-2 code. A lone UTF-16 surrogate becomes U+FFFD,
 * as the database would store it (see `toStoredText`). `contact_name` is not composed here: see
 * `composeContactName`, which needs the stored prospect on an update, nor are `custom_fields` checked: see
 * `normalizeCustomFields`, which needs the workspace's definitions.
 *
 * @returns the fields to write, and the issues found (empty when valid)
 * @see openapi.yaml `ProspectCreate`, `ProspectUpdate`
 */
export function normalizeProspectInput(body: ProspectCreate | ProspectUpdate): {
  input: NormalizedProspectInput;
  issues: FieldIssue[];
} {
  const input: NormalizedProspectInput = {};
  const issues: FieldIssue[] = [];
  if (body.company !== undefined) {
    input.company = toStoredText(body.company.trim());
    if (input.company === '') issues.push({ path: ['company'], keyword: 'blank' });
  }
  for (const key of OPTIONAL_PROSPECT_TEXT) {
    const value = body[key];
    if (value === undefined) continue;
    const trimmed = value === null ? null : toStoredText(value.trim());
    input[key] = trimmed === '' ? null : trimmed;
  }
  for (const key of ['website', 'contact_profile_url'] as const) {
    const url = input[key];
    if (typeof url === 'string' && !isWebsite(url))
      issues.push({ path: [key], keyword: 'format', format: 'uri' });
  }
  if (typeof input.contact_phone === 'string') input.contact_phone = input.contact_phone.replace(/\s+/g, ' ');
  if (typeof input.country === 'string') {
    input.country = input.country.toUpperCase();
    if (!isCountryCode(input.country)) issues.push({ path: ['country'], keyword: 'country' });
  }
  if (body.tags !== undefined) {
    const tags = (body.tags ?? []).map((tag) => toStoredText(tag.trim()));
    const seen = new Set<string>();
    tags.forEach((tag, index) => {
      if (tag === '') issues.push({ path: ['tags', String(index)], keyword: 'blank' });
      else if (seen.has(tag)) issues.push({ path: ['tags', String(index)], keyword: 'distinct' });
      seen.add(tag);
    });
    input.tags = tags;
  }
  return { input, issues };
}
