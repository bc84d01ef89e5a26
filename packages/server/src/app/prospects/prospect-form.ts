import { joinNameParts, type Prospect, type ProspectCreate } from '@prospectkit/core';
import { type FormBody, listOf, textOf } from '../shared/form-body.js';

/** The prospect's text fields, in the order the form shows them. */
export const PROSPECT_TEXT_FIELDS = [
  'company',
  'domain',
  'website',
  'contact_first_name',
  'contact_last_name',
  'contact_name',
  'contact_title',
  'contact_email',
  'contact_phone',
  'contact_profile_url',
  'location',
  'city',
  'region',
  'country',
  'owner_id',
  'notes',
] as const;

type TextField = (typeof PROSPECT_TEXT_FIELDS)[number];

/** The label the form shows for each field: the page's words, used by the form and by its error messages. */
export const PROSPECT_FIELD_LABELS: Record<TextField, string> = {
  company: 'Company',
  domain: 'Domain',
  website: 'Website',
  location: 'Location',
  contact_first_name: 'First name',
  contact_last_name: 'Last name',
  contact_name: 'Contact name',
  contact_title: 'Job title',
  contact_email: 'Contact email',
  contact_phone: 'Phone',
  contact_profile_url: 'Profile URL',
  city: 'City',
  region: 'Region',
  country: 'Country',
  owner_id: 'Owner',
  notes: 'Notes',
};

/**
 * The label of a field of the API's prospect body, as the form shows it: `tags.1` is the second tag box, `Tag 2`.
 *
 * @param path the API's dotted field path (`contact_email`, `tags.1`)
 * @returns the label, or `undefined` for a path the form has no field for
 */
export function prospectFieldLabel(path: string): string | undefined {
  const tag = /^tags\.(\d+)$/.exec(path);
  if (tag) return `Tag ${Number(tag[1]) + 1}`;
  if (path === 'tags') return 'Tags';
  return (PROSPECT_FIELD_LABELS as Record<string, string>)[path];
}

/** The add and edit form as the user filled it in. */
export type ProspectFormValues = Record<TextField, string> & {
  /** The tags typed, blank boxes left out, in order: index `i` is the API body's `tags[i]`. */
  tags: string[];
  /** How many empty tag boxes to show after them (one, or more after "Add another tag"). */
  blankTags: number;
};

/** The hidden field that carries the id of the prospect the add form warned about (same contact email). */
export const DUPLICATE_OF_FIELD = 'duplicate_of';

/**
 * What the form sent: the values, whether it asked for another tag box rather than to save, and, when the person
 * confirmed "Add anyway" after the warning about an existing contact email, the id of the prospect warned about.
 */
export function readProspectForm(body: FormBody | undefined): {
  values: ProspectFormValues;
  addTag: boolean;
  confirmedDuplicateOf?: string;
} {
  const sentTags = listOf(body, 'tags');
  const tags = sentTags.filter((tag) => tag.trim() !== '');
  const addTag = textOf(body, 'intent') === 'add-tag';
  const values = {
    ...(Object.fromEntries(PROSPECT_TEXT_FIELDS.map((f) => [f, textOf(body, f)])) as Record<
      TextField,
      string
    >),
    tags,
    // One empty box after the tags typed, and one more for each "Add another tag" while the empty ones stay empty.
    blankTags: addTag ? sentTags.length - tags.length + 1 : 1,
  };
  const confirmed = textOf(body, 'intent') === 'add-duplicate' ? textOf(body, DUPLICATE_OF_FIELD) : '';
  return confirmed === '' ? { values, addTag } : { values, addTag, confirmedDuplicateOf: confirmed };
}

/**
 * An empty form, or one filled with a prospect's fields (for editing). A contact name that is the composition
 * of the first and last name (openapi.yaml `ContactName`) shows as an empty box, so that changing a part
 * changes it too; a name someone wrote shows as written.
 */
export function prospectFormValues(prospect?: Prospect): ProspectFormValues {
  const text = Object.fromEntries(PROSPECT_TEXT_FIELDS.map((f) => [f, prospect?.[f] ?? ''])) as Record<
    TextField,
    string
  >;
  if (prospect && prospect.contact_name !== null) {
    const composed = joinNameParts(prospect.contact_first_name, prospect.contact_last_name);
    if (composed === prospect.contact_name) text.contact_name = '';
  }
  return { ...text, tags: [...(prospect?.tags ?? [])], blankTags: 1 };
}

/**
 * The API body the form stands for: every field sent (so an edit is a full `PATCH`), an empty optional box as
 * `null` (the API's "clear"), and the tags typed. An empty contact name box with a first or last name typed
 * sends their composition ("Ada Lovelace"), as the API would compose it on a create. The API's rules then apply to it unchanged: the contract's
 * schema (`contractBodyIssues`) and core's `normalizeProspectInput` (in `addProspect` and `editProspect`).
 *
 * @see openapi.yaml `ProspectCreate`, `ProspectUpdate`
 */
export function prospectBody(values: ProspectFormValues): ProspectCreate {
  const body: Record<string, unknown> = { company: values.company };
  for (const field of PROSPECT_TEXT_FIELDS) {
    if (field === 'company') continue;
    body[field] = values[field].trim() === '' ? null : values[field];
  }
  if (body.contact_name === null) {
    const trim = (value: string) => (value.trim() === '' ? null : value.trim());
    body.contact_name = joinNameParts(trim(values.contact_first_name), trim(values.contact_last_name));
  }
  body.tags = values.tags;
  return body as unknown as ProspectCreate;
}
