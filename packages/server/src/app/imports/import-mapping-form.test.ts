import type { CustomFieldDefinition } from '@prospectkit/core';
import { describe, expect, it } from 'vitest';
import { defaultFieldKey, parseImportMappingForm } from './import-mapping-form.js';

const FIELDS: CustomFieldDefinition[] = [
  { key: 'lead_status', label: 'Lead status', type: 'text', options: [] },
];
const HEADERS = ['First Name', 'Last Name', 'Company', 'Seniority', 'Fax'];

describe('parseImportMappingForm', () => {
  const cases: Array<[string, { given: Record<string, string>; want: Record<string, unknown> }]> = [
    [
      'several columns into Contact name, a custom field, one left out (not confirmed)',
      {
        given: {
          column_0: 'contact_name',
          column_1: 'contact_name',
          column_2: 'company',
          column_3: 'custom:lead_status',
        },
        want: {
          mapping: ['contact_name', 'contact_name', 'company', 'custom:lead_status', null],
          newFields: [],
          duplicates: 'skip',
          acknowledgedUnmapped: false,
        },
      },
    ],
    [
      'a new field with the defaults: the header as key and label, type text',
      {
        given: { column_2: 'company', column_3: 'new', column_4: 'new', duplicates: 'update_overwrite' },
        want: {
          mapping: [null, null, 'company', 'custom:seniority', 'custom:fax'],
          newFields: [
            { column: 3, key: 'seniority', label: 'Seniority', type: 'text' },
            { column: 4, key: 'fax', label: 'Fax', type: 'text' },
          ],
          duplicates: 'update_overwrite',
        },
      },
    ],
    [
      'a new select field with its options, one per line, blank and repeated ones dropped',
      {
        given: {
          column_3: 'new',
          new_3_key: 'level',
          new_3_label: ' Level ',
          new_3_type: 'single_select',
          new_3_options: 'VP\n\nDirector\r\nVP',
        },
        want: {
          newFields: [
            { column: 3, key: 'level', label: 'Level', type: 'single_select', options: ['VP', 'Director'] },
          ],
        },
      },
    ],
    [
      'what the page does not offer is "Do not import": an unknown field, another workspace\'s custom field',
      {
        given: { column_0: 'password', column_1: 'custom:nope', column_2: 'company', duplicates: 'merge' },
        want: { mapping: [null, null, 'company', null, null], duplicates: 'skip' },
      },
    ],
    [
      'the confirmation counts for the very list shown',
      {
        given: {
          column_0: 'contact_name',
          column_1: 'contact_name',
          column_2: 'company',
          column_3: 'notes',
          acknowledge_unmapped: 'yes',
          unmapped_listed: '4',
        },
        want: { acknowledgedUnmapped: true },
      },
    ],
    [
      'a confirmation of another list does not count',
      {
        given: { column_2: 'company', acknowledge_unmapped: 'yes', unmapped_listed: '4' },
        want: { acknowledgedUnmapped: false },
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(parseImportMappingForm(given, HEADERS, FIELDS)).toMatchObject(want);
  });

  it('needs no confirmation when every column is imported', () => {
    const all = Object.fromEntries(HEADERS.map((_, i) => [`column_${i}`, i === 2 ? 'company' : 'notes']));
    expect(parseImportMappingForm(all, HEADERS, FIELDS).acknowledgedUnmapped).toBe(true);
  });

  it('makes a key from the header, or from the column number for a header without Latin letters', () => {
    expect(defaultFieldKey('Lifecycle Stage', 0)).toBe('lifecycle_stage');
    expect(defaultFieldKey('Étape du cycle', 0)).toBe('etape_du_cycle');
    expect(defaultFieldKey('# Employees', 0)).toBe('employees');
    expect(defaultFieldKey('部署', 6)).toBe('column_7');
  });
});
