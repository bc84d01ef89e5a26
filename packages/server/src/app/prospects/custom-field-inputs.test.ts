import type { CustomFieldDefinition } from '@prospectkit/core';
import { describe, expect, it } from 'vitest';
import {
  customFieldFormValues,
  customFieldLabel,
  customFieldsBody,
  readCustomFieldValues,
} from './custom-field-inputs.js';

const FIELDS: CustomFieldDefinition[] = [
  { key: 'seats', label: 'Seats', type: 'number', options: [] },
  { key: 'vip', label: 'VIP', type: 'checkbox', options: [] },
  { key: 'topics', label: 'Topics', type: 'multi_select', options: ['a', 'b'] },
  { key: 'memo', label: 'Memo', type: 'text', options: [] },
];

describe('the custom fields of the prospect form', () => {
  it('stands for the API body: every field, empty as null, numbers as numbers, Yes/No as booleans', () => {
    const values = readCustomFieldValues(
      { cf_seats: ' 12 ', cf_vip: 'no', cf_topics: ['b'], cf_memo: '' },
      FIELDS,
    );
    expect(customFieldsBody(values, FIELDS)).toEqual({ seats: 12, vip: false, topics: ['b'], memo: null });
  });

  it('sends a number that is not one as typed, so the API names it', () => {
    expect(customFieldsBody({ seats: 'many', vip: '', topics: [], memo: 'x' }, FIELDS)).toEqual({
      seats: 'many',
      vip: null,
      topics: null,
      memo: 'x',
    });
  });

  it('fills the edit form from the stored values, and labels the API paths', () => {
    const prospect = { custom_fields: { seats: 3, vip: true, topics: ['a'] } } as never;
    expect(customFieldFormValues(prospect, FIELDS)).toEqual({
      seats: '3',
      vip: 'yes',
      topics: ['a'],
      memo: '',
    });
    expect(customFieldLabel(FIELDS)('custom_fields.vip')).toBe('VIP');
    expect(customFieldLabel(FIELDS)('company')).toBeUndefined();
  });
});
