import type { ProspectCreate, ProspectUpdate } from './schemas.js';
import { toStoredText } from './text-input.js';
import type { FieldIssue } from './validation-messages.js';

const OPTIONAL_TEXT = [
  'domain',
  'website',
  'location',
  'contact_name',
  'contact_email',
  'notes',
  'owner_id',
] as const;

/** A schema-valid create or update body, trimmed: the fields to write, each present only if it was sent. */
export type NormalizedProspectInput = Partial<{
  company: string;
  domain: string | null;
  website: string | null;
  location: string | null;
  contact_name: string | null;
  contact_email: string | null;
  notes: string | null;
  tags: string[];
  owner_id: string | null;
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
 * host. A lone UTF-16 surrogate becomes U+FFFD,
 * as the database would store it (see `toStoredText`).
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
  for (const key of OPTIONAL_TEXT) {
    const value = body[key];
    if (value === undefined) continue;
    const trimmed = value === null ? null : toStoredText(value.trim());
    input[key] = trimmed === '' ? null : trimmed;
  }
  if (typeof input.website === 'string' && !isWebsite(input.website)) {
    issues.push({ path: ['website'], keyword: 'format', format: 'uri' });
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
