import { describe, expect, it } from 'vitest';
import {
  matchesCustomFieldFilter,
  readCustomFieldFilters,
  resolveCustomFieldFilters,
} from './custom-field-filters.js';
import type { CustomFieldDefinition } from './custom-fields.js';
import { validateRequest } from './request-validators.js';

const FIELDS: CustomFieldDefinition[] = [
  { key: 'seats', label: 'Seats', type: 'number', options: [] },
  { key: 'renewal', label: 'Renewal', type: 'date', options: [] },
  { key: 'topics', label: 'Topics', type: 'multi_select', options: ['ai', 'crm'] },
  { key: 'vip', label: 'VIP', type: 'checkbox', options: [] },
];

describe('custom field filters', () => {
  it('validateRequest gathers name[key] into the deepObject parameter; the schema bounds keys', () => {
    const ok = validateRequest(
      'listProspects',
      { 'custom_fields[seats]': '5', 'custom_fields_gte[renewal]': '2026-01-01' },
      undefined,
    );
    expect(ok).toMatchObject({
      ok: true,
      query: { custom_fields: { seats: '5' }, custom_fields_gte: { renewal: '2026-01-01' } },
    });
    expect(readCustomFieldFilters(ok.ok ? ok.query : {})).toEqual([
      { key: 'seats', op: 'eq', value: '5' },
      { key: 'renewal', op: 'gte', value: '2026-01-01' },
    ]);
    expect(validateRequest('listProspects', { 'custom_fields[Bad]': '1' }, undefined).ok).toBe(false);
    expect(validateRequest('listProspects', { 'custom_fields[seats]': ['1', '2'] }, undefined).ok).toBe(
      false,
    );
  });

  it('reads values by type, and refuses what the type cannot hold', () => {
    expect(
      resolveCustomFieldFilters(
        [
          { key: 'seats', op: 'gte', value: '10.5' },
          { key: 'vip', op: 'eq', value: 'true' },
        ],
        FIELDS,
      ),
    ).toEqual({
      filters: [
        { key: 'seats', op: 'gte', type: 'number', value: 10.5 },
        { key: 'vip', op: 'eq', type: 'checkbox', value: true },
      ],
    });
    const refused = resolveCustomFieldFilters(
      [
        { key: 'nope', op: 'eq', value: 'x' },
        { key: 'seats', op: 'eq', value: '1e999' },
        { key: 'renewal', op: 'lte', value: '2026-02-30x' },
        { key: 'topics', op: 'gte', value: 'ai' },
        { key: 'topics', op: 'eq', value: 'ops' },
      ],
      FIELDS,
    );
    expect('issues' in refused && refused.issues.map((i) => [i.path.join('.'), i.keyword])).toEqual([
      ['custom_fields.nope', 'unknown_custom_field'],
      ['custom_fields.seats', 'type'],
      ['custom_fields_lte.renewal', 'format'],
      ['custom_fields_gte.topics', 'range'],
      ['custom_fields.topics', 'enum'],
    ]);
  });

  it('matches as the server SQL does: a multi-select holding the option, ranges inclusive, no value never', () => {
    const values = { seats: 25, renewal: '2026-06-30', topics: ['ai', 'crm'] };
    expect(
      matchesCustomFieldFilter(values, { key: 'topics', op: 'eq', type: 'multi_select', value: 'crm' }),
    ).toBe(true);
    expect(matchesCustomFieldFilter(values, { key: 'seats', op: 'lte', type: 'number', value: 25 })).toBe(
      true,
    );
    expect(
      matchesCustomFieldFilter(values, { key: 'renewal', op: 'gte', type: 'date', value: '2026-07-01' }),
    ).toBe(false);
    expect(matchesCustomFieldFilter({}, { key: 'vip', op: 'eq', type: 'checkbox', value: false })).toBe(
      false,
    );
  });
});
