import { beforeAll, describe, expect, it } from 'vitest';
import { call, eventsDuring } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { anyTimestamp, validationBody } from '../matchers.js';

const FULL = {
  company: 'Acme Ltd',
  domain: 'acme.example',
  website: 'https://acme.example',
  location: 'London',
  contact_name: 'Ada Lovelace',
  contact_email: 'ada@acme.example',
  notes: 'Met at a fair.',
  tags: ['a', 'b'],
  owner_id: 'user_1',
};

/** `updateProspect`: only the fields sent change, `null` clears, `tags` replaces, `{}` is a no-op; no events. */
export function updateProspectSuite(target: TargetRef): void {
  describe('updateProspect', () => {
    let token: string;
    beforeAll(async () => {
      token = await (await target().workspace()).token();
    });
    const create = async () => (await call(target(), 'POST', '/prospects', { token, body: FULL })).body;
    const patch = (id: string, body: unknown) => call(target(), 'PATCH', `/prospects/${id}`, { token, body });

    it('changes only the fields sent, without events', async () => {
      const before = await create();
      let answer = { status: 0, body: undefined as unknown as Record<string, unknown> };
      const events = await eventsDuring(target(), async () => {
        answer = await patch(before.id, { company: '  Acme Group ', notes: 'Moved.' });
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        ...before,
        company: 'Acme Group',
        notes: 'Moved.',
        updated_at: anyTimestamp(),
      });
      expect(answer.body.created_at).toBe(before.created_at);
      expect(Date.parse(answer.body.updated_at as string)).toBeGreaterThanOrEqual(
        Date.parse(before.updated_at),
      );
      expect(events).toEqual([]);
      expect((await call(target(), 'GET', `/prospects/${before.id}`, { token })).body).toEqual(answer.body);
    });

    it('clears optional fields with null, and blank text too', async () => {
      const before = await create();
      const answer = await patch(before.id, { domain: null, website: null, location: '  ', owner_id: null });
      expect(answer.body).toEqual({
        ...before,
        domain: null,
        website: null,
        location: null,
        owner_id: null,
        updated_at: anyTimestamp(),
      });
    });

    it('replaces the whole tag list, and tags: null clears it to []', async () => {
      const before = await create();
      expect((await patch(before.id, { tags: [' c '] })).body.tags).toEqual(['c']);
      expect((await patch(before.id, { tags: [] })).body.tags).toEqual([]);
      await patch(before.id, { tags: ['x', 'y'] });
      expect((await patch(before.id, { tags: null })).body.tags).toEqual([]);
    });

    it('answers {} with 200 and the prospect, its fields unchanged', async () => {
      const before = await create();
      const answer = await patch(before.id, {});
      expect(answer.status).toBe(200);
      expect({ ...answer.body, updated_at: before.updated_at }).toEqual(before);
    });

    it.each<[string, unknown, Record<string, string[]>]>([
      ['a null company', { company: null }, { company: ['The company field must be a string.'] }],
      ['a blank company', { company: '  ' }, { company: ['The company field is required.'] }],
      ['an unknown field', { status: 'won' }, { status: ['The status field is prohibited.'] }],
      [
        'an id in the body',
        { id: 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR' },
        { id: ['The id field is prohibited.'] },
      ],
      ['an outcome in the body', { outcome: 'Won' }, { outcome: ['The outcome field is prohibited.'] }],
      ['duplicate tags', { tags: ['x', 'x'] }, { 'tags.1': ['The tags.1 field has a duplicate value.'] }],
      [
        'an invalid email and website',
        { contact_email: 'nope', website: 'nope' },
        {
          website: ['The website field must be a valid URL.'],
          contact_email: ['The contact_email field must be a valid email address.'],
        },
      ],
    ])('422 for %s on an existing prospect, which stays unchanged', async (_name, body, errors) => {
      const before = await create();
      const answer = await patch(before.id, body);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(validationBody(errors));
      expect((await call(target(), 'GET', `/prospects/${before.id}`, { token })).body).toEqual(before);
    });
  });
}
