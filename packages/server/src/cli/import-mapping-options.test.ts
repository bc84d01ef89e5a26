import { describe, expect, it } from 'vitest';
import { applyMapOptions, createFieldsForUnmapped, keyFromHeader } from './import-mapping-options.js';

const headers = ['First Name', 'Last Name', 'Company', 'Job Title', 'Full Name', 'C++ Skill'];
const fields = [{ key: 'seniority', label: 'Seniority', type: 'text' as const, options: [] }];

describe('applyMapOptions', () => {
  it.each([
    [
      'combines columns, and takes the target away from the column the suggestion gave it',
      [null, null, 'company', null, 'contact_name', null],
      ['First Name+Last Name=contact_name', 'job title=contact_title'],
      ['contact_name', 'contact_name', 'company', 'contact_title', null, null],
    ],
    [
      'finds a header holding + whole',
      [null, null, 'company', null, null, null],
      ['C++ Skill=custom:seniority'],
      [null, null, 'company', null, null, 'custom:seniority'],
    ],
  ] as const)('%s', (_, base, specs, want) => {
    expect(applyMapOptions(headers, [...base], specs, fields)).toEqual(want);
  });

  it('names every unknown header and field at once', () => {
    expect(() =>
      applyMapOptions(
        headers,
        headers.map(() => null),
        ['Nom+Prénom=contact_name', 'Company=firm'],
        fields,
      ),
    ).toThrow(/no column "Nom", "Prénom" in the file .*; no field "firm"/);
    expect(() =>
      applyMapOptions(
        headers,
        headers.map(() => null),
        ['Company'],
        fields,
      ),
    ).toThrow(/write it as "Header=field"/);
  });
});

describe('createFieldsForUnmapped', () => {
  it('keys fields from headers, reuses an existing key, and numbers keys two headers share', () => {
    const created = createFieldsForUnmapped(
      ['Company', 'Seniority', 'Lead Status', 'lead-status', '# Employees'],
      ['company', null, null, null, null],
      [
        { type: 'text' },
        { type: 'text' },
        { type: 'single_select', options: ['Open'] },
        { type: 'text' },
        { type: 'number' },
      ],
      fields,
    );
    expect(created.mapping).toEqual([
      'company',
      'custom:seniority',
      'custom:lead_status',
      'custom:lead_status_2',
      'custom:employees',
    ]);
    expect(created.newFields).toEqual([
      { column: 2, key: 'lead_status', label: 'Lead Status', type: 'single_select', options: ['Open'] },
      { column: 3, key: 'lead_status_2', label: 'lead-status', type: 'text' },
      { column: 4, key: 'employees', label: '# Employees', type: 'number' },
    ]);
  });
});

describe('keyFromHeader', () => {
  it.each([
    ['Lead Status', 'lead_status'],
    ['Société', 'societe'],
    ['# Employees', 'employees'],
    ['2nd Phone', 'field_2nd_phone'],
    ['役職', 'field'],
    ['A'.repeat(60), 'a'.repeat(40)],
  ])('%s → %s', (header, key) => {
    expect(keyFromHeader(header)).toBe(key);
  });
});
