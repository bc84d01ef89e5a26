import type { CustomFieldDefinition } from '@prospectkit/core';
import { describe, expect, it } from 'vitest';
import { describeMappingProblems, unmappedColumns } from './describe-mapping-problems.js';

const fields: CustomFieldDefinition[] = [{ key: 'seniority', label: 'Seniority', type: 'text', options: [] }];
const headers = ['Company', 'Account', 'First Name', 'Last Name', 'Email', 'E-mail', 'Level', 'Stage'];
const messages = (...args: Parameters<typeof describeMappingProblems>) =>
  describeMappingProblems(...args).map((p) => p.message);

describe('describeMappingProblems', () => {
  it('accepts several columns for contact name, notes and tags, and custom fields of the workspace', () => {
    const mapping = [
      'company',
      'notes',
      'contact_name',
      'contact_name',
      'contact_email',
      'notes',
      'custom:seniority',
      'tags',
    ];
    expect(describeMappingProblems(mapping, headers, fields)).toEqual([]);
  });

  it('names every problem, columns by header and fields by label', () => {
    const mapping = [
      null,
      'website',
      'contact_title',
      'contact_title',
      'contact_email',
      'contact_email',
      'custom:level',
      'stage',
    ];
    expect(messages(mapping, headers, fields)).toEqual([
      '"First Name" and "Last Name" both map to Job title, which takes one column: choose one of them (only Contact name, Notes and Tags combine several).',
      '"Email" and "E-mail" both map to Contact email, which takes one column: choose one of them (only Contact name, Notes and Tags combine several).',
      'Column "Level" maps to a custom field "level" that this workspace does not have: add it under Workspace settings → Fields, or create it from the column.',
      'Column "Stage" maps to "stage", which is not a field: choose a field, or do not import the column.',
      'No column is mapped to Company, which every prospect needs: choose the column that holds the company name.',
    ]);
  });

  it('checks the fields to create: key format, keys taken, twice, and the workspace limit', () => {
    const mapping = ['company', null, null, null, null, null, 'custom:level', 'custom:level'];
    const problems = messages(mapping, headers, fields, {
      newFields: [
        { column: 6, key: 'level', label: 'Level', type: 'text' },
        { column: 7, key: 'level', label: 'Stage', type: 'text' },
        { column: 5, key: 'Seniority!', label: 'x', type: 'text' },
        { column: 4, key: 'seniority', label: 'x', type: 'text' },
      ],
    });
    expect(problems).toEqual([
      'The field to create from column "Email" has the key "seniority", which the workspace\'s field "Seniority" already has: map the column to that field, or choose another key.',
      'The field to create from column "E-mail" has the key "Seniority!": use a lower-case letter, then up to 39 lower-case letters, digits or _.',
      '"Level" and "Stage" both map to Level, which takes one column: choose one of them (only Contact name, Notes and Tags combine several).',
      'The field to create from column "Stage" has the key "level", which another new field has: choose another key.',
    ]);
    const many = Array.from({ length: 50 }, (_, i) => ({
      key: `f${i}`,
      label: `F${i}`,
      type: 'text' as const,
      options: [],
    }));
    expect(
      messages(['company', null, null, null, null, null, null, null], headers, many, {
        newFields: [{ column: 1, key: 'extra', label: 'Extra', type: 'text' }],
      }),
    ).toEqual([
      'A workspace has at most 50 custom fields; it has 50, and the import would create 1: create at most 0, or put the other columns into Notes.',
    ]);
  });

  it('refuses a new field whose column maps to another field', () => {
    const mapping = ['company', 'website', null, null, null, null, null, null];
    expect(
      messages(mapping, headers, fields, {
        newFields: [{ column: 1, key: 'account', label: 'Account', type: 'text' }],
      }),
    ).toEqual([
      'Column "Account" is to create the field "Account" but maps to another field: choose one of them.',
    ]);
  });

  it('refuses a mapping of the wrong length first', () => {
    expect(describeMappingProblems(['company'], headers, fields).map((p) => p.code)).toEqual([
      'wrong_length',
    ]);
  });
});

describe('unmappedColumns', () => {
  it('lists the columns mapped to null, for the person to confirm', () => {
    expect(unmappedColumns(['company', null, 'notes', null], ['Company', 'Fax', 'Notes', 'Twitter'])).toEqual(
      [
        { column: 1, header: 'Fax' },
        { column: 3, header: 'Twitter' },
      ],
    );
  });
});
