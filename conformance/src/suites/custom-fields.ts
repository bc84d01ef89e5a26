import type { CustomFieldDefinition } from '@prospectkit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, eventsDuring } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { validationBody } from '../matchers.js';

const FIELDS: CustomFieldDefinition[] = [
  { key: 'lifecycle_stage', label: 'Lifecycle stage', type: 'single_select', options: ['Lead', 'Customer'] },
  { key: 'topics', label: 'Topics', type: 'multi_select', options: ['ai', 'crm', 'ops'] },
  { key: 'employees', label: 'Employees', type: 'number', options: [] },
  { key: 'first_seen', label: 'First seen', type: 'date', options: [] },
  { key: 'vip', label: 'VIP', type: 'checkbox', options: [] },
  { key: 'memo', label: 'Memo', type: 'text', options: [] },
];

/** `custom_fields` on the prospect (openapi.yaml `CustomFieldValues`, `CustomFieldValueInput`). */
export function customFieldsSuite(target: TargetRef): void {
  describe('custom fields', () => {
    let token: string;
    beforeAll(async () => {
      const workspace = await target().workspace();
      await workspace.defineCustomFields(FIELDS);
      token = await workspace.token();
    });
    const create = (body: unknown) => call(target(), 'POST', '/prospects', { token, body });
    const update = (id: string, body: unknown) =>
      call(target(), 'PATCH', `/prospects/${id}`, { token, body });

    it('stores the values by key, normalised; events stay as the contract defines them', async () => {
      let answer = await create({ company: 'x' });
      const events = await eventsDuring(target(), async () => {
        answer = await create({
          company: 'Acme',
          custom_fields: {
            lifecycle_stage: 'Lead',
            topics: ['crm', 'ai'],
            employees: 120,
            first_seen: '2024-02-29',
            vip: true,
            memo: '  Met at a fair.  ',
          },
        });
      });
      expect(answer.status).toBe(201);
      expect(answer.body.custom_fields).toEqual({
        lifecycle_stage: 'Lead',
        topics: ['crm', 'ai'],
        employees: 120,
        first_seen: '2024-02-29',
        vip: true,
        memo: 'Met at a fair.',
      });
      expect(events.map((e) => e.data)).toEqual([
        { prospect_id: answer.body.id, company: 'Acme', contact_email: null },
      ]);
      const read = await call(target(), 'GET', `/prospects/${answer.body.id}`, { token });
      expect(read.body).toEqual(answer.body);
    });

    it('a prospect without values answers {}; PATCH changes only the keys sent, null removes one', async () => {
      const plain = await create({ company: 'Plain', custom_fields: null });
      expect(plain.body.custom_fields).toEqual({});
      const set = await update(plain.body.id, { custom_fields: { vip: false, employees: 3 } });
      expect(set.body.custom_fields).toEqual({ vip: false, employees: 3 });
      const changed = await update(plain.body.id, { custom_fields: { employees: null, memo: 'hi' } });
      expect(changed.status).toBe(200);
      expect(changed.body.custom_fields).toEqual({ vip: false, memo: 'hi' });
      const untouched = await update(plain.body.id, { company: 'Plain Ltd' });
      expect(untouched.body.custom_fields).toEqual({ vip: false, memo: 'hi' });
    });

    it.each([
      [
        'an unknown key',
        { nope: 'x' },
        { 'custom_fields.nope': ['The custom_fields.nope field is not a custom field of this workspace.'] },
      ],
      [
        'a string for a number',
        { employees: '12' },
        { 'custom_fields.employees': ['The custom_fields.employees field must be a number.'] },
      ],
      [
        'an option not in the list',
        { lifecycle_stage: 'Partner' },
        { 'custom_fields.lifecycle_stage': ['The selected custom_fields.lifecycle_stage is invalid.'] },
      ],
      [
        'a date that is not one',
        { first_seen: '2023-02-29' },
        {
          'custom_fields.first_seen': [
            'The custom_fields.first_seen field must be a valid date (YYYY-MM-DD).',
          ],
        },
      ],
      [
        'a string for a checkbox',
        { vip: 'yes' },
        { 'custom_fields.vip': ['The custom_fields.vip field must be true or false.'] },
      ],
      [
        'too many',
        Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, 'x'])),
        { custom_fields: ['The custom_fields field must not have more than 50 fields.'] },
      ],
    ])('422 on create and PATCH: %s', async (_name, custom_fields, errors) => {
      const created = await create({ company: 'A', custom_fields });
      expect([created.status, created.body]).toEqual([422, validationBody(errors)]);
      const valid = await create({ company: 'A' });
      const patched = await update(valid.body.id, { custom_fields });
      expect([patched.status, patched.body]).toEqual([422, validationBody(errors)]);
    });
  });
}
