import { expect } from 'vitest';

const ULID = '[0-9A-HJKMNP-TV-Z]{26}';

/** Ids and timestamps differ between targets; everything else must be equal. */
export const anyId = (prefix: 'prs' | 'out' | 'evt' | 'ws') =>
  expect.stringMatching(new RegExp(`^${prefix}_${ULID}$`));
export const anyTimestamp = () => expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
export const GENERATED_REQUEST_ID = new RegExp(`^req_${ULID}$`);

/** The 422 body of the given `errors`, with `message` as the contract builds it. */
export function validationBody(errors: Record<string, string[]>) {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const suffix = more > 0 ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : '';
  return { message: `${messages[0]}${suffix}`, errors };
}

/** A prospect as created from `fields`: every key present, `null` where not sent. */
export function prospectShape(fields: Record<string, unknown>) {
  return {
    id: anyId('prs'),
    company: fields.company,
    domain: null,
    website: null,
    location: null,
    contact_name: null,
    contact_email: null,
    contact_first_name: null,
    contact_last_name: null,
    contact_title: null,
    contact_phone: null,
    contact_profile_url: null,
    city: null,
    region: null,
    country: null,
    custom_fields: {},
    notes: null,
    tags: [],
    owner_id: null,
    outcome: null,
    created_at: anyTimestamp(),
    updated_at: anyTimestamp(),
    ...fields,
  };
}
