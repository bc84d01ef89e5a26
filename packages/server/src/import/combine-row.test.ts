import { describe, expect, it } from 'vitest';
import { combineRow } from './combine-row.js';
import { deriveDomain } from './derive-domain.js';
import { tidyCells } from './tidy-cells.js';

describe('combineRow', () => {
  const headers = ['First', 'Last', 'Company', 'Status', 'Source', 'Tags', 'Segment', 'Size'];
  const customFields = [{ key: 'size', label: 'Size', type: 'number' as const, options: [] }];
  const plan = {
    headers,
    customFields,
    mapping: [
      'contact_name',
      'contact_name',
      'company',
      'notes',
      'notes',
      'tags',
      'tags',
      'custom:size',
    ] as const,
  };

  it.each([
    [
      'every kind combined',
      ['Ada', 'Lovelace', 'Acme', 'Open', 'Fair', 'a, b', 'b|c', '12'],
      {
        contact_name: 'Ada Lovelace',
        company: 'Acme',
        notes: 'Status: Open\nSource: Fair',
        tags: ['a', 'b', 'c'],
        custom_fields: { size: 12 },
      },
    ],
    [
      'blank cells left out',
      ['', 'Lovelace', 'Acme', '', 'Fair', '', '', ''],
      { contact_name: 'Lovelace', company: 'Acme', notes: 'Source: Fair' },
    ],
  ])('%s', (_, record, want) => {
    expect(combineRow(record, { ...plan, mapping: [...plan.mapping] })).toEqual(want);
  });

  it('gives one notes column its value as it is', () => {
    expect(
      combineRow(['Acme', 'hello'], { headers: ['C', 'N'], customFields: [], mapping: ['company', 'notes'] }),
    ).toEqual({
      company: 'Acme',
      notes: 'hello',
    });
  });
});

describe('deriveDomain', () => {
  it.each([
    [{ website: 'https://www.Acme.example/about' }, 'acme.example'],
    [{ website: 'https://shop.acme.example', contact_email: 'a@other.example' }, 'shop.acme.example'],
    [{ contact_email: 'ada@Acme.example' }, 'acme.example'],
    [{ contact_email: 'ada@gmail.com' }, undefined],
    [{ contact_email: 'taro@yahoo.co.jp' }, undefined],
    [{ website: 'https://localhost' }, undefined],
    [{}, undefined],
  ])('%j → %s', (row, want) => {
    expect(deriveDomain(row)).toBe(want);
  });
});

describe('tidyCells', () => {
  it.each([
    [{ website: 'www.acme.example' }, { website: 'https://www.acme.example' }],
    [{ contact_profile_url: 'linkedin.com/in/ada' }, { contact_profile_url: 'https://linkedin.com/in/ada' }],
    [{ website: 'ftp://x.example' }, { website: 'ftp://x.example' }],
    [{ domain: 'https://www.Acme.example/about' }, { domain: 'acme.example' }],
    [{ domain: 'www.acme.example' }, { domain: 'www.acme.example' }],
    [{ domain: 'acme.example' }, { domain: 'acme.example' }],
    [{ country: 'United States' }, { country: 'US' }],
    [{ country: 'Deutschland' }, { country: 'DE' }],
    [{ country: '日本' }, { country: 'JP' }],
    [{ country: 'fr' }, { country: 'fr' }],
    [{ country: 'Atlantis' }, { country: 'Atlantis' }],
  ])('%j → %j', (body, want) => {
    const tidied: Record<string, unknown> = { ...body };
    tidyCells(tidied);
    expect(tidied).toEqual(want);
  });
});
