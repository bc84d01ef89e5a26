import type { NormalizedProspectInput } from './prospect-input.js';

/** The stored parts of a contact's name, as `composeContactName` reads them on an update. */
export interface StoredContactName {
  contact_name: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
}

/** `"Ada Lovelace"`: the non-null parts joined by one space, or `null` when both are `null`. */
export function joinNameParts(first: string | null, last: string | null): string | null {
  const joined = [first, last].filter((part): part is string => part !== null && part !== '').join(' ');
  return joined === '' ? null : joined;
}

/**
 * Composes the display name `contact_name` from `contact_first_name` and `contact_last_name`, as openapi.yaml
 * `ContactName` says: only when the input writes a part and not `contact_name` itself; on a create (`stored` is
 * `null`) when `contact_name` is absent or `null`; on an update when the stored `contact_name` is `null` or is
 * the composition of the stored parts, so a name someone wrote is never overwritten. The server and the mock
 * both call it after core's `normalizeProspectInput`, so blank already reads as `null`.
 *
 * @param input the normalised input of a create or update
 * @param stored the prospect's stored name fields for an update; `null` for a create
 * @returns the input, with `contact_name` set when the rule composes it (a new object; `input` is not changed)
 * @example
 * composeContactName({ contact_first_name: 'Ada', contact_last_name: 'Lovelace' }, null);
 * // { contact_first_name: 'Ada', contact_last_name: 'Lovelace', contact_name: 'Ada Lovelace' }
 * @see openapi.yaml `components.schemas.ContactName`
 */
export function composeContactName<T extends NormalizedProspectInput>(
  input: T,
  stored: StoredContactName | null,
): T {
  const writesPart = 'contact_first_name' in input || 'contact_last_name' in input;
  if (!writesPart) return input;
  if (stored === null ? input.contact_name != null : 'contact_name' in input) return input;
  if (stored !== null) {
    const wasComposed = joinNameParts(stored.contact_first_name, stored.contact_last_name);
    if (stored.contact_name !== null && stored.contact_name !== wasComposed) return input;
  }
  const first =
    'contact_first_name' in input ? (input.contact_first_name ?? null) : (stored?.contact_first_name ?? null);
  const last =
    'contact_last_name' in input ? (input.contact_last_name ?? null) : (stored?.contact_last_name ?? null);
  return { ...input, contact_name: joinNameParts(first, last) };
}
