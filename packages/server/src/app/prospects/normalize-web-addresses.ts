import { PROSPECT_FIELD_LABELS } from './prospect-form.js';

/** A value the form changed before sending it to the API's rules: the field, what was typed, what is sent. */
export interface WebAddressChange {
  field: 'domain' | 'website' | 'contact_profile_url';
  from: string;
  to: string;
}

type WebAddressValues = Record<WebAddressChange['field'], string>;

/** A scheme at the start (`https:`, `mailto:`): the value is already a URL of some kind. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A web address without its scheme: a host with at least one dot (no white space, `@` or `:` in it), an optional
 * port and an optional path, query or fragment (`www.acme.example`, `acme.example:8080/about`).
 */
const BARE_ADDRESS = /^[^\s/?#@:]+\.[^\s/?#@:.]+(?::\d{1,5})?(?:[/?#]\S*)?$/;

/** An `http`/`https` address, or a bare one as above, capturing its host. */
const HOST_OF_ADDRESS = /^(?:https?:\/\/)?([^\s/?#@:]+\.[^\s/?#@:.]+)\.?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * The domain a value typed in the Domain box stands for, when it is plainly a web address rather than a host
 * (`https://www.acme.example/about` → `acme.example`): its host, lower-cased, without a leading `www.`. A plain
 * host (`www.acme.example`, `acme.example`) is left as typed: the API accepts it (openapi.yaml `Domain`).
 */
function domainOf(typed: string): string | undefined {
  const hasScheme = SCHEME.test(typed);
  const host = HOST_OF_ADDRESS.exec(typed)?.[1];
  if (host === undefined) return undefined;
  if (!hasScheme && host === typed) return undefined;
  return host.toLowerCase().replace(/^www\./, '');
}

/** A bare web address typed in a URL box (`www.acme.example`) with `https://` before it; anything else as is. */
function urlOf(typed: string): string | undefined {
  if (SCHEME.test(typed) && !/^[^\s/?#@:]+\.[^\s/?#@:]+:\d{1,5}(?:[/?#]|$)/.test(typed)) return undefined;
  return BARE_ADDRESS.test(typed) ? `https://${typed}` : undefined;
}

/**
 * Tidies the form's web addresses where what was meant is plain, before the API's rules see them (the API's
 * rules stay as they are: openapi.yaml `Domain` is a host name, `Website` an `http(s)` URL):
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
  apply('domain', domainOf);
  apply('website', urlOf);
  apply('contact_profile_url', urlOf);
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
