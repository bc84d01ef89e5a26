import type { ColumnMapping, ProspectField } from './import-fields.js';

/**
 * Header names each field is recognised by, compared after {@link headerKey} (case, spacing, `_`, `-` and `.`
 * ignored). The field's own name is always recognised.
 */
const SYNONYMS: Record<ProspectField, readonly string[]> = {
  company: [
    'company',
    'company name',
    'companyname',
    'organisation',
    'organization',
    'organisation name',
    'organization name',
    'account',
    'account name',
    'business',
    'business name',
  ],
  domain: ['domain', 'domain name', 'company domain'],
  website: ['website', 'website url', 'web site', 'url', 'site', 'homepage', 'web'],
  location: ['location', 'city', 'town', 'country', 'address', 'region'],
  contact_name: [
    'contact name',
    'contact',
    'name',
    'full name',
    'person',
    'contact person',
    'first and last name',
  ],
  contact_email: [
    'contact email',
    'email',
    'e-mail',
    'email address',
    'e-mail address',
    'mail',
    'work email',
  ],
  notes: ['notes', 'note', 'comments', 'comment', 'description'],
  tags: ['tags', 'tag', 'labels', 'label'],
  owner_id: ['owner id', 'owner'],
};

/** A header as compared: lower case, without spaces, `_`, `-` or `.`. */
function headerKey(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
}

const BY_KEY = new Map<string, ProspectField>();
for (const [field, names] of Object.entries(SYNONYMS) as [ProspectField, readonly string[]][]) {
  for (const name of [field, ...names]) if (!BY_KEY.has(headerKey(name))) BY_KEY.set(headerKey(name), field);
}

/**
 * The mapping an import suggests for a header row: each header matched to a prospect field by name or common
 * synonym ("Company name", "Organisation", "E-mail", "Website URL", "Full name", "City"...); a field goes to the
 * first column that matches it, and unmatched columns map to `null`.
 *
 * @example
 * suggestMapping(['Company Name', 'E-mail', 'Phone']); // ['company', 'contact_email', null]
 */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ProspectField>();
  return headers.map((header) => {
    const field = BY_KEY.get(headerKey(header));
    if (field === undefined || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
