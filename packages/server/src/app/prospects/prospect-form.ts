import type { Prospect, ProspectCreate } from '@prospectkit/core';
import { type FormBody, listOf, textOf } from '../shared/form-body.js';

/** The prospect's text fields, in the order the form shows them. */
export const PROSPECT_TEXT_FIELDS = [
  'company',
  'domain',
  'website',
  'location',
  'contact_name',
  'contact_email',
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
  contact_name: 'Contact name',
  contact_email: 'Contact email',
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

/** What the form sent: the values, and whether it asked for another tag box rather than to save. */
export function readProspectForm(body: FormBody | undefined): {
  values: ProspectFormValues;
  addTag: boolean;
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
  return { values, addTag };
}

/** An empty form, or one filled with a prospect's fields (for editing). */
export function prospectFormValues(prospect?: Prospect): ProspectFormValues {
  const text = Object.fromEntries(PROSPECT_TEXT_FIELDS.map((f) => [f, prospect?.[f] ?? ''])) as Record<
    TextField,
    string
  >;
  return { ...text, tags: [...(prospect?.tags ?? [])], blankTags: 1 };
}

/**
 * The API body the form stands for: every field sent (so an edit is a full `PATCH`), an empty optional box as
 * `null` (the API's "clear"), and the tags typed. The API's rules then apply to it unchanged: the contract's
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
  body.tags = values.tags;
  return body as unknown as ProspectCreate;
}
