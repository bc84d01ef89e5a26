import { domainOfWebAddress, webAddressWithScheme } from '../../prospects/tidy-web-address.js';
import { PROSPECT_FIELD_LABELS } from './prospect-form.js';

/** A value the form changed before sending it to the API's rules: the field, what was typed, what is sent. */
export interface WebAddressChange {
  field: 'domain' | 'website' | 'contact_profile_url';
  from: string;
  to: string;
}

type WebAddressValues = Record<WebAddressChange['field'], string>;

/**
 * Tidies the form's web addresses where what was meant is plain (`prospects/tidy-web-address.ts`, the importer's
 * rule too), before the API's rules see them (the API's rules stay as they are: openapi.yaml `Domain` is a host
 * name, `Website` an `http(s)` URL):
 * - Domain: a URL (`https://www.acme.example/`) or a host with a path becomes its host, lower-cased, without
 *   `www.` (`acme.example`);
 * - Website and Profile URL: a bare address (`www.acme.example`, `linkedin.com/in/ada`) gets `https://`.
 * Anything else is left for the API's message. The page says what was changed (see {@link describeWebAddressChanges}).
 *
 * @returns the values to send and the changes made, in the form's order (empty when nothing changed)
 * @example
 * normalizeWebAddresses({ domain: 'https://www.acme.example', website: 'www.acme.example', contact_profile_url: '' });
 * // values: { domain: 'acme.example', website: 'https://www.acme.example', ... }, two changes
 */
export function normalizeWebAddresses<V extends WebAddressValues>(
  values: V,
): { values: V; changes: WebAddressChange[] } {
  const changes: WebAddressChange[] = [];
  const next = { ...values };
  const apply = (field: WebAddressChange['field'], tidy: (typed: string) => string | undefined) => {
    const typed = values[field].trim();
    const to = typed === '' ? undefined : tidy(typed);
    if (to === undefined || to === typed) return;
    next[field] = to as V[typeof field];
    changes.push({ field, from: typed, to });
  };
  apply('domain', domainOfWebAddress);
  apply('website', webAddressWithScheme);
  apply('contact_profile_url', webAddressWithScheme);
  return { values: next, changes };
}

/**
 * The sentence that tells the person what the form changed, by the fields' labels:
 * `Domain “https://www.acme.example” was saved as “acme.example”.`
 *
 * @param options.saved whether the change was saved (after a successful add or edit) or only made in the form
 */
export function describeWebAddressChanges(
  changes: readonly WebAddressChange[],
  options: { saved: boolean },
): string {
  const verb = options.saved ? 'was saved as' : 'was changed to';
  return changes.map((c) => `${PROSPECT_FIELD_LABELS[c.field]} “${c.from}” ${verb} “${c.to}”.`).join(' ');
}
