import { COUNTRY_CODES } from '@prospectkit/core';
import { domainOfWebAddress, webAddressWithScheme } from '../prospects/tidy-web-address.js';

let countryByName: Map<string, string> | undefined;

/**
 * ISO 3166-1 alpha-2 codes by country name as exports write them (`United States`, `Japan`, `Deutschland`,
 * `Royaume-Uni`), from the names ICU gives in English, German, French, Spanish, Italian, Dutch, Portuguese and
 * Japanese (Node's `Intl.DisplayNames`), compared in lower case; plus the common short forms (`USA`, `UK`).
 */
function countryNames(): Map<string, string> {
  if (countryByName) return countryByName;
  const names = new Map<string, string>([
    ['usa', 'US'],
    ['u.s.', 'US'],
    ['u.s.a.', 'US'],
    ['united states of america', 'US'],
    ['uk', 'GB'],
    ['great britain', 'GB'],
    ['england', 'GB'],
    ['scotland', 'GB'],
    ['wales', 'GB'],
  ]);
  for (const locale of ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja']) {
    const display = new Intl.DisplayNames([locale], { type: 'region' });
    for (const code of COUNTRY_CODES) {
      const name = display.of(code);
      if (name && name !== code && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), code);
    }
  }
  countryByName = names;
  return names;
}

/**
 * Tidies the cells of an import row where what the export meant is plain, before the API's rules check them
 * (the rules stay as they are; docs/importing.md, "What the importer tidies"): a bare web address in Website or
 * Profile URL gets `https://` (`www.acme.example`, `linkedin.com/in/ada`); a URL in Domain becomes its host
 * without `www.` (both by the app forms' rule, prospects/tidy-web-address.ts); a country name in Country becomes its ISO 3166-1 alpha-2 code (`United States` → `US`,
 * `日本` → `JP`). Anything else is left for the rules' message.
 *
 * @param body a `ProspectCreate` body as combined from the row; changed in place
 */
export function tidyCells(body: Record<string, unknown>): void {
  // The app's forms tidy web addresses by the same rule (prospects/tidy-web-address.ts).
  for (const field of ['website', 'contact_profile_url'] as const) {
    const value = body[field];
    const tidied = typeof value === 'string' ? webAddressWithScheme(value.trim()) : undefined;
    if (tidied !== undefined) body[field] = tidied;
  }
  const domain = typeof body.domain === 'string' ? domainOfWebAddress(body.domain.trim()) : undefined;
  if (domain !== undefined) body.domain = domain;
  if (typeof body.country === 'string') {
    const typed = body.country.trim();
    if (!/^[a-z]{2}$/i.test(typed)) {
      const code = countryNames().get(typed.toLowerCase());
      if (code) body.country = code;
    }
  }
}
