/** A prospect field a CSV column can fill. @see openapi.yaml `ProspectCreate` */
export type ProspectField =
  | 'company'
  | 'domain'
  | 'website'
  | 'location'
  | 'contact_name'
  | 'contact_first_name'
  | 'contact_last_name'
  | 'contact_title'
  | 'contact_email'
  | 'contact_phone'
  | 'contact_profile_url'
  | 'city'
  | 'region'
  | 'country'
  | 'notes'
  | 'tags'
  | 'owner_id';

/** One prospect field (or `null`: the column is ignored) per header column, in file order. */
export type ColumnMapping = (ProspectField | null)[];

/**
 * The fields an import can fill, in form order, with a label for people; `company` is required, as in
 * `ProspectCreate`. `tags` takes several tags in one cell, separated by `;`, `,` or `|`.
 *
 * @see openapi.yaml `ProspectCreate`
 */
export const PROSPECT_IMPORT_FIELDS: ReadonlyArray<{
  /** The prospect field, named as in `ProspectCreate`. */
  field: ProspectField;
  /** Its name for people, as the mapping page shows it (`Contact email`). */
  label: string;
  /** Whether one column must map to it for the import to start: `true` for `company` only. */
  required: boolean;
}> = [
  { field: 'company', label: 'Company', required: true },
  { field: 'domain', label: 'Domain', required: false },
  { field: 'website', label: 'Website', required: false },
  { field: 'location', label: 'Location', required: false },
  { field: 'city', label: 'City', required: false },
  { field: 'region', label: 'Region', required: false },
  { field: 'country', label: 'Country', required: false },
  { field: 'contact_name', label: 'Contact name', required: false },
  { field: 'contact_first_name', label: 'First name', required: false },
  { field: 'contact_last_name', label: 'Last name', required: false },
  { field: 'contact_title', label: 'Job title', required: false },
  { field: 'contact_email', label: 'Contact email', required: false },
  { field: 'contact_phone', label: 'Phone', required: false },
  { field: 'contact_profile_url', label: 'Profile URL', required: false },
  { field: 'notes', label: 'Notes', required: false },
  { field: 'tags', label: 'Tags', required: false },
  { field: 'owner_id', label: 'Owner id', required: false },
];

const FIELDS = new Set<string>(PROSPECT_IMPORT_FIELDS.map((f) => f.field));

/** Whether `value` names a prospect field an import can fill. */
export function isProspectField(value: unknown): value is ProspectField {
  return typeof value === 'string' && FIELDS.has(value);
}
