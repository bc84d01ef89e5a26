import { describe, expect, it } from 'vitest';
import { type CustomFieldDefinition, normalizeCustomFields } from './custom-fields.js';

const FIELDS: CustomFieldDefinition[] = [
  { key: 'stage', label: 'Stage', type: 'single_select', options: ['Lead', 'Customer'] },
  { key: 'topics', label: 'Topics', type: 'multi_select', options: ['a', 'b', 'c'] },
  { key: 'seats', label: 'Seats', type: 'number', options: [] },
  { key: 'since', label: 'Since', type: 'date', options: [] },
  { key: 'site', label: 'Site', type: 'url', options: [] },
  { key: 'billing', label: 'Billing', type: 'email', options: [] },
  { key: 'vip', label: 'VIP', type: 'checkbox', options: [] },
  { key: 'memo', label: 'Memo', type: 'text', options: [] },
];

describe('normalizeCustomFields', () => {
  it.each<[string, { sent: Record<string, unknown>; want: Record<string, unknown> }]>([
    ['a select option', { sent: { stage: 'Lead' }, want: { stage: 'Lead' } }],
    ['options of a multi-select', { sent: { topics: ['c', 'a'] }, want: { topics: ['c', 'a'] } }],
    ['a number', { sent: { seats: 12.5 }, want: { seats: 12.5 } }],
    ['a date', { sent: { since: '2024-02-29' }, want: { since: '2024-02-29' } }],
    ['a URL', { sent: { site: 'https://acme.example' }, want: { site: 'https://acme.example' } }],
    ['an email', { sent: { billing: 'ap@acme.example' }, want: { billing: 'ap@acme.example' } }],
    ['a checkbox', { sent: { vip: false }, want: { vip: false } }],
    ['text, trimmed', { sent: { memo: '  hi ' }, want: { memo: 'hi' } }],
  ])('keeps %s', (_name, { sent, want }) => {
    expect(normalizeCustomFields(sent, FIELDS, {})).toEqual({ values: want, issues: [] });
  });

  it.each<[string, { sent: Record<string, unknown>; want: Record<string, unknown> }]>([
    ['an unknown key', { sent: { nope: 1 }, want: { keyword: 'unknown_custom_field' } }],
    ['a string for a number', { sent: { seats: '12' }, want: { keyword: 'type', type: 'number' } }],
    ['an option not in the list', { sent: { stage: 'Partner' }, want: { keyword: 'enum' } }],
    ['a multi-select option not in the list', { sent: { topics: ['a', 'z'] }, want: { keyword: 'enum' } }],
    ['an option twice', { sent: { topics: ['a', 'a'] }, want: { keyword: 'distinct' } }],
    [
      'a date that is not one',
      { sent: { since: '2023-02-29' }, want: { keyword: 'format', format: 'date' } },
    ],
    [
      'a URL without a scheme',
      { sent: { site: 'acme.example' }, want: { keyword: 'format', format: 'uri' } },
    ],
    ['an email without @', { sent: { billing: 'ap' }, want: { keyword: 'format', format: 'email' } }],
    ['a string for a checkbox', { sent: { vip: 'yes' }, want: { keyword: 'type', type: 'boolean' } }],
  ])('refuses %s at custom_fields.<key>', (_name, { sent, want }) => {
    const key = Object.keys(sent)[0] as string;
    const { values, issues } = normalizeCustomFields(sent, FIELDS, {});
    expect(values).toEqual({});
    expect(issues).toEqual([{ path: ['custom_fields', key], ...want }]);
  });

  it('merges into the stored values: only keys sent change, null and blank remove', () => {
    const stored = { stage: 'Lead', memo: 'old', seats: 3 };
    expect(normalizeCustomFields({ stage: 'Customer', memo: ' ', seats: null }, FIELDS, stored)).toEqual({
      values: { stage: 'Customer' },
      issues: [],
    });
    expect(normalizeCustomFields(null, FIELDS, stored).values).toEqual(stored);
  });
});
