import { describe, expect, it } from 'vitest';
import { describeWebAddressChanges, normalizeWebAddresses } from './normalize-web-addresses.js';

const blank = { domain: '', website: '', contact_profile_url: '' };

describe('normalizeWebAddresses', () => {
  const domains: Array<[string, { given: string; want: string }]> = [
    ['a URL becomes its host without www.', { given: 'https://www.acme.example', want: 'acme.example' }],
    ['with a path and a trailing slash', { given: 'http://Acme.Example/about/', want: 'acme.example' }],
    ['a host with a path', { given: 'acme.example/contact', want: 'acme.example' }],
    ['a host with a port', { given: 'https://acme.example:8443', want: 'acme.example' }],
    ['a plain host stays as typed', { given: 'www.acme.example', want: 'www.acme.example' }],
    ['a plain host in capitals stays (the API takes it)', { given: 'ACME.example', want: 'ACME.example' }],
    [
      'an address with a user is left for the API',
      { given: 'https://ada@acme.example', want: 'https://ada@acme.example' },
    ],
    ['not a web address is left for the API', { given: 'acme', want: 'acme' }],
    ['another scheme is left for the API', { given: 'ftp://acme.example', want: 'ftp://acme.example' }],
    ['an email is left for the API', { given: 'ada@acme.example', want: 'ada@acme.example' }],
  ];
  it.each(domains)('domain: %s', (_, { given, want }) => {
    const { values, changes } = normalizeWebAddresses({ ...blank, domain: given });
    expect(values.domain).toBe(want);
    expect(changes).toEqual(want === given ? [] : [{ field: 'domain', from: given, to: want }]);
  });

  const urls: Array<[string, { given: string; want: string }]> = [
    ['a bare host gets https://', { given: 'www.acme.example', want: 'https://www.acme.example' }],
    ['with a path', { given: 'acme.example/about?x=1', want: 'https://acme.example/about?x=1' }],
    ['with a port', { given: 'acme.example:8080', want: 'https://acme.example:8080' }],
    ['a URL stays', { given: 'http://acme.example', want: 'http://acme.example' }],
    ['no dot: left for the API', { given: 'localhost', want: 'localhost' }],
    ['white space inside: left for the API', { given: 'acme .example', want: 'acme .example' }],
    ['an email: left for the API', { given: 'ada@acme.example', want: 'ada@acme.example' }],
    ['mailto: left for the API', { given: 'mailto:ada@acme.example', want: 'mailto:ada@acme.example' }],
  ];
  it.each(urls)('website and profile URL: %s', (_, { given, want }) => {
    const { values, changes } = normalizeWebAddresses({
      ...blank,
      website: given,
      contact_profile_url: given,
    });
    expect(values.website).toBe(want);
    expect(values.contact_profile_url).toBe(want);
    expect(changes.map((c) => c.field)).toEqual(want === given ? [] : ['website', 'contact_profile_url']);
  });

  it('trims before looking, keeps the other values, and leaves empty boxes alone', () => {
    const { values, changes } = normalizeWebAddresses({
      ...blank,
      company: 'Acme',
      domain: ' https://www.acme.example/ ',
    });
    expect(values).toEqual({ ...blank, company: 'Acme', domain: 'acme.example' });
    expect(changes).toEqual([{ field: 'domain', from: 'https://www.acme.example/', to: 'acme.example' }]);
  });

  it('says what changed by the form labels', () => {
    const { changes } = normalizeWebAddresses({
      ...blank,
      domain: 'https://www.acme.example',
      website: 'www.acme.example',
    });
    expect(describeWebAddressChanges(changes, { saved: true })).toBe(
      'Domain “https://www.acme.example” was saved as “acme.example”. Website “www.acme.example” was saved as “https://www.acme.example”.',
    );
    expect(describeWebAddressChanges(changes.slice(0, 1), { saved: false })).toBe(
      'Domain “https://www.acme.example” was changed to “acme.example”.',
    );
  });
});
