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

/** A column mapped to one of the workspace's custom fields: `custom:` and the field's key (`custom:seniority`). */
export type CustomFieldTarget = `custom:${string}`;

/** Where a column goes: a prospect field, or an existing custom field of the workspace (`custom:<key>`). */
export type MappingTarget = ProspectField | CustomFieldTarget;

/**
 * One target (or `null`: the column is not imported) per header column, in file order. `contact_name`, `notes`
 * and `tags` may be the target of several columns; every other target at most one.
 */
export type ColumnMapping = (MappingTarget | null)[];

/**
 * The fields several columns may fill, and how they combine: `contact_name` joins the non-empty cells with one
 * space, in column order ("First Name" + "Last Name"); `notes` takes one `Header: value` line per non-empty cell
 * (one column alone gives its value as it is); `tags` takes the union of the tags of every cell.
 *
 * @see docs/importing.md, "Mapping columns"
 */
export const COMBINABLE_FIELDS: ReadonlySet<ProspectField> = new Set(['contact_name', 'notes', 'tags']);

/** The prefix of a {@link CustomFieldTarget}. */
export const CUSTOM_TARGET_PREFIX = 'custom:';

/** The custom field key a target names, or `undefined` for a prospect field or `null`. */
export function customFieldKey(target: MappingTarget | null): string | undefined {
  return target?.startsWith(CUSTOM_TARGET_PREFIX) ? target.slice(CUSTOM_TARGET_PREFIX.length) : undefined;
}

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

/** A prospect field's label for people (`Contact name` for `contact_name`), as the mapping page shows it. */
export function prospectFieldLabel(field: ProspectField): string {
  return PROSPECT_IMPORT_FIELDS.find((f) => f.field === field)?.label ?? field;
}

/** Whether `value` names a prospect field an import can fill. */
export function isProspectField(value: unknown): value is ProspectField {
  return typeof value === 'string' && FIELDS.has(value);
}
