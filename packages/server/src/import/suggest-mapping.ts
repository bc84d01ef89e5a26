import type { ColumnMapping, ProspectField } from './import-fields.js';

/**
 * Header names each field is recognised by, compared after {@link headerKey} (case, spacing, `_`, `-` and `.`
 * ignored). The field's own name is always recognised. Beside the common words, the names HubSpot's contacts
 * export ("Phone Number", "State/Region", "Country/Region"), Apollo's people export ("Title", "Person Linkedin
 * Url", "Work Direct Phone") and lemlist and Sales Navigator leads (`firstName`, `linkedinUrl`, "Profile URL")
 * give the fields. With First and Last Name mapped, the contact name is composed from them (core's
 * `composeContactName`).
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
  location: ['location', 'address', 'person location'],
  city: ['city', 'town', 'person city'],
  region: ['region', 'state', 'state/region', 'province', 'county', 'person state'],
  country: ['country', 'country/region', 'country code', 'person country'],
  contact_name: [
    'contact name',
    'contact',
    'name',
    'full name',
    'person',
    'contact person',
    'first and last name',
  ],
  contact_first_name: ['first name', 'firstname', 'given name', 'forename'],
  contact_last_name: ['last name', 'lastname', 'surname', 'family name'],
  contact_title: ['job title', 'jobtitle', 'title', 'position', 'role', 'person title'],
  contact_phone: [
    'phone',
    'phone number',
    'telephone',
    'mobile',
    'mobile phone',
    'mobile phone number',
    'work direct phone',
    'work phone',
    'direct phone',
  ],
  contact_profile_url: [
    'linkedin',
    'linkedin url',
    'linkedinurl',
    'person linkedin url',
    'linkedin profile',
    'linkedin profile url',
    'profile url',
    'profile',
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
 * synonym ("Company name", "Organisation", "E-mail", "Website URL", "First Name", "Job Title", "City"...); a field goes to the
 * first column that matches it, and unmatched columns map to `null`.
 *
 * @example
 * suggestMapping(['Company Name', 'E-mail', 'Phone', 'Fax']); // ['company', 'contact_email', 'contact_phone', null]
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
