import { DOMAINS as FREE_MAIL_DOMAINS } from 'free-email-domains-list/build/src/constants.js';

/** A hostname the contract's `Domain` (`format: hostname`) takes: labels of letters, digits and `-`, a dot between. */
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The domain a row without one is given (docs/importing.md, "Domain"): the website's host without `www.`, else
 * the contact email's domain unless a free-mail or disposable provider has it (the maintained list of the
 * `free-email-domains-list` package: gmail.com, yahoo.co.jp, gmx.de...), else `undefined`. A value the
 * contract's `Domain` would refuse is not derived, so a derived domain never rejects a row.
 *
 * @param row the row's normalised website and contact email (`null` or absent when none)
 * @example
 * deriveDomain({ website: 'https://www.acme.example/about' }); // 'acme.example'
 * deriveDomain({ contact_email: 'ada@gmail.com' }); // undefined
 */
export function deriveDomain(row: {
  website?: string | null | undefined;
  contact_email?: string | null | undefined;
}): string | undefined {
  if (row.website) {
    try {
      const host = new URL(row.website).hostname.toLowerCase().replace(/^www\./, '');
      if (HOSTNAME.test(host)) return host;
    } catch {
      // Not a URL: core's rules refuse the website itself.
    }
  }
  const at = row.contact_email?.lastIndexOf('@') ?? -1;
  if (row.contact_email && at > 0) {
    const host = row.contact_email.slice(at + 1).toLowerCase();
    if (HOSTNAME.test(host) && !FREE_MAIL_DOMAINS.has(host)) return host;
  }
  return undefined;
}
