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
    ['City', 'location'],
    ['Location', 'location'],
    ['Tags', 'tags'],
    ['Notes', 'notes'],
    ['owner_id', 'owner_id'],
    ['Phone', null],
  ])('maps %j to %s', (header, field) => {
    expect(suggestMapping([header])).toEqual([field]);
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
