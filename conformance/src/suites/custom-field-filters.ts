import type { CustomFieldDefinition } from '@prospectkit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';

const FIELDS: CustomFieldDefinition[] = [
  { key: 'stage', label: 'Stage', type: 'single_select', options: ['Lead', 'Demo', 'Customer'] },
  { key: 'topics', label: 'Topics', type: 'multi_select', options: ['ai', 'crm'] },
  { key: 'seats', label: 'Seats', type: 'number', options: [] },
  { key: 'renewal', label: 'Renewal', type: 'date', options: [] },
  { key: 'vip', label: 'VIP', type: 'checkbox', options: [] },
  { key: 'memo', label: 'Memo', type: 'text', options: [] },
];

const FIXTURES = [
  { company: 'Alpha', custom_fields: { stage: 'Lead', seats: 5, renewal: '2026-01-15', vip: true } },
  {
    company: 'Beta',
    custom_fields: { stage: 'Demo', topics: ['ai', 'crm'], seats: 25, memo: 'Met at a fair.' },
  },
  {
    company: 'Gamma',
    custom_fields: { stage: 'Demo', topics: ['crm'], seats: 120, renewal: '2026-06-30', vip: false },
  },
  { company: 'Delta', custom_fields: {} },
];

/**
 * `listProspects`' custom field filters (openapi.yaml parameters `CustomFieldsFilter`, `CustomFieldsGte`,
 * `CustomFieldsLte`): equality for every type, ranges for numbers and dates, 422s by the field's type.
 */
export function customFieldFiltersSuite(target: TargetRef): void {
  describe('listProspects: custom field filters', () => {
    let token: string;
    const list = (query: string) => call(target(), 'GET', `/prospects?sort=company_asc&${query}`, { token });
    const companies = async (query: string) => {
      const answer = await list(query);
      expect(answer.status).toBe(200);
      return (answer.body.data as Array<{ company: string }>).map((p) => p.company);
    };

    beforeAll(async () => {
      const workspace = await target().workspace();
      await workspace.defineCustomFields(FIELDS);
      token = await workspace.token();
      for (const body of FIXTURES) await call(target(), 'POST', '/prospects', { token, body });
    });

    it('equality for every type: select, multi-select holding the option, number as a number, date, checkbox, text', async () => {
      expect(await companies('custom_fields[stage]=Demo')).toEqual(['Beta', 'Gamma']);
      expect(await companies('custom_fields[topics]=ai')).toEqual(['Beta']);
      expect(await companies('custom_fields[topics]=crm')).toEqual(['Beta', 'Gamma']);
      expect(await companies('custom_fields[seats]=25.0')).toEqual(['Beta']);
      expect(await companies('custom_fields[renewal]=2026-06-30')).toEqual(['Gamma']);
      expect(await companies('custom_fields[vip]=false')).toEqual(['Gamma']);
      expect(await companies('custom_fields[memo]=Met%20at%20a%20fair.')).toEqual(['Beta']);
      expect(await companies('custom_fields[stage]=Demo&custom_fields[topics]=ai')).toEqual(['Beta']);
    });

    it('ranges for numbers and dates, inclusive; a prospect without the value never matches', async () => {
      expect(await companies('custom_fields_gte[seats]=25')).toEqual(['Beta', 'Gamma']);
      expect(await companies('custom_fields_gte[seats]=6&custom_fields_lte[seats]=120')).toEqual([
        'Beta',
        'Gamma',
      ]);
      expect(await companies('custom_fields_lte[seats]=25')).toEqual(['Alpha', 'Beta']);
      expect(await companies('custom_fields_gte[renewal]=2026-02-01')).toEqual(['Gamma']);
      expect(await companies('custom_fields_lte[renewal]=2026-12-31&custom_fields[stage]=Lead')).toEqual([
        'Alpha',
      ]);
    });

    it('keeps the filters in the links and counts the matches with count=capped', async () => {
      const answer = await call(
        target(),
        'GET',
        '/prospects?per_page=1&custom_fields_gte[seats]=1&count=capped',
        { token },
      );
      expect(answer.body.meta).toMatchObject({ total: 3, total_relation: 'eq', has_more: true });
      const next = new URL(answer.body.links.next as string);
      expect(next.searchParams.get('custom_fields_gte[seats]')).toBe('1');
      expect(next.searchParams.get('count')).toBe('capped');
      const followed = await call(target(), 'GET', `/prospects${next.search}`, { token });
      expect(followed.body.data).toHaveLength(1);
    });

    it('422 under the parameter and key: unknown key, a value the type cannot hold, a range on another type', async () => {
      const cases: Array<[string, string]> = [
        ['custom_fields[nope]=1', 'custom_fields.nope'],
        ['custom_fields[seats]=many', 'custom_fields.seats'],
        ['custom_fields[stage]=Churned', 'custom_fields.stage'],
        ['custom_fields[vip]=yes', 'custom_fields.vip'],
        ['custom_fields_gte[renewal]=2026-13-01', 'custom_fields_gte.renewal'],
        ['custom_fields_gte[stage]=Demo', 'custom_fields_gte.stage'],
        ['custom_fields[Bad-Key]=1', 'custom_fields'],
      ];
      for (const [query, field] of cases) {
        const answer = await list(query);
        expect(answer.status, query).toBe(422);
        expect(
          Object.keys(answer.body.errors).some((k) => k.startsWith(field)),
          query,
        ).toBe(true);
      }
    });
  });
}
