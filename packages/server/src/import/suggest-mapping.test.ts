import { describe, expect, it } from 'vitest';
import { detectDelimiter } from './detect-delimiter.js';
import { suggestMapping } from './suggest-mapping.js';

describe('suggestMapping', () => {
  it.each([
    ['Company name', 'company'],
    ['COMPANY', 'company'],
    ['company_name', 'company'],
    ['Organisation', 'company'],
    ['Organization', 'company'],
    ['Email', 'contact_email'],
    ['E-mail', 'contact_email'],
    [' Contact  email ', 'contact_email'],
    ['Website URL', 'website'],
    ['Website', 'website'],
    ['Domain', 'domain'],
    ['Name', 'contact_name'],
    ['Contact', 'contact_name'],
    ['Full name', 'contact_name'],
    ['City', 'city'],
    ['Location', 'location'],
    ['State/Region', 'region'],
    ['Country/Region', 'country'],
    ['First Name', 'contact_first_name'],
    ['firstName', 'contact_first_name'],
    ['Last Name', 'contact_last_name'],
    ['Title', 'contact_title'],
    ['Job Title', 'contact_title'],
    ['Phone Number', 'contact_phone'],
    ['Work Direct Phone', 'contact_phone'],
    ['Person Linkedin Url', 'contact_profile_url'],
    ['linkedinUrl', 'contact_profile_url'],
    ['Tags', 'tags'],
    ['Notes', 'notes'],
    ['owner_id', 'owner_id'],
    ['Fax', null],
  ])('maps %j to %s', (header, field) => {
    expect(suggestMapping([header])).toEqual([field]);
  });

  it('maps a HubSpot contacts export header row, first and last name apart', () => {
    expect(
      suggestMapping([
        'First Name',
        'Last Name',
        'Email',
        'Phone Number',
        'Job Title',
        'Company Name',
        'City',
        'State/Region',
        'Country/Region',
        'Lifecycle Stage',
      ]),
    ).toEqual([
      'contact_first_name',
      'contact_last_name',
      'contact_email',
      'contact_phone',
      'contact_title',
      'company',
      'city',
      'region',
      'country',
      null,
    ]);
  });

  it('gives a field to the first column that matches it only', () => {
    expect(suggestMapping(['Email', 'E-mail', 'Company'])).toEqual(['contact_email', null, 'company']);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['a,b,c\n1;2', ','],
    ['a;b;c\n1,2', ';'],
    ['a\tb\tc', '\t'],
    ['"x;y;z",b\n', ','],
    ['single', ','],
  ])('reads %j as %j', (sample, delimiter) => {
    expect(detectDelimiter(sample)).toBe(delimiter);
  });
});
