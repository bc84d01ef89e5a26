import { beforeAll, describe, expect, it } from 'vitest';
import { call, eventsDuring } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { prospectShape, validationBody } from '../matchers.js';

/**
 * The contact and location fields beyond the seed's (openapi.yaml `ContactFirstName` ... `CountryInput`): their
 * normalisation, `contact_name` composed from its parts (`ContactName`), their 422s, and events unchanged.
 */
export function contactLocationFieldsSuite(target: TargetRef): void {
  describe('contact and location fields', () => {
    let token: string;
    beforeAll(async () => {
      token = await (await target().workspace()).token();
    });
    const create = (body: unknown) => call(target(), 'POST', '/prospects', { token, body });
    const update = (id: string, body: unknown) =>
      call(target(), 'PATCH', `/prospects/${id}`, { token, body });

    it('stores every field normalised: trimmed, phone spaces collapsed, country upper-cased, name composed', async () => {
      let answer = await create({ company: 'x' });
      const events = await eventsDuring(target(), async () => {
        answer = await create({
          company: 'Société Générale',
          contact_first_name: ' 山田 ',
          contact_last_name: 'Tarō',
          contact_title: ' Head of Sales ',
          contact_phone: ' +33  1 42\t14 20 00 ',
          contact_profile_url: 'https://www.linkedin.com/in/yamada',
          city: 'Paris',
          region: 'Île-de-France',
          country: ' fr ',
          location: 'Paris and remote',
        });
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(
        prospectShape({
          company: 'Société Générale',
          contact_name: '山田 Tarō',
          contact_first_name: '山田',
          contact_last_name: 'Tarō',
          contact_title: 'Head of Sales',
          contact_phone: '+33 1 42 14 20 00',
          contact_profile_url: 'https://www.linkedin.com/in/yamada',
          city: 'Paris',
          region: 'Île-de-France',
          country: 'FR',
          location: 'Paris and remote',
        }),
      );
      // Event payloads stay as the contract defines them (openapi.yaml `ProspectEventData`).
      expect(events.map((e) => e.data)).toEqual([
        { prospect_id: answer.body.id, company: 'Société Générale', contact_email: null },
      ]);
    });

    it('keeps a contact_name sent, and composes from one part alone', async () => {
      const written = await create({ company: 'A', contact_name: 'Dr Ada', contact_first_name: 'Ada' });
      expect(written.body).toMatchObject({ contact_name: 'Dr Ada', contact_first_name: 'Ada' });
      const lastOnly = await create({ company: 'A', contact_name: '', contact_last_name: 'Lovelace' });
      expect(lastOnly.body).toMatchObject({ contact_name: 'Lovelace', contact_first_name: null });
    });

    it('PATCH recomposes a composed name, keeps a written one, and clears blank parts', async () => {
      const composed = await create({
        company: 'A',
        contact_first_name: 'Ada',
        contact_last_name: 'Lovelace',
      });
      const renamed = await update(composed.body.id, { contact_last_name: 'King' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ contact_name: 'Ada King', contact_last_name: 'King' });
      const cleared = await update(composed.body.id, { contact_first_name: ' ', country: null });
      expect(cleared.body).toMatchObject({ contact_name: 'King', contact_first_name: null, country: null });
      const written = await create({ company: 'A', contact_name: 'Countess', contact_first_name: 'Ada' });
      const kept = await update(written.body.id, { contact_first_name: 'Augusta', country: 'gb' });
      expect(kept.body).toMatchObject({
        contact_name: 'Countess',
        contact_first_name: 'Augusta',
        country: 'GB',
      });
      const read = await call(target(), 'GET', `/prospects/${written.body.id}`, { token });
      expect(read.body).toEqual(kept.body);
    });

    it.each([
      [
        'country not assigned',
        { country: 'UK' },
        { country: ['The country field must be an ISO 3166-1 alpha-2 country code, such as FR or GB.'] },
      ],
      [
        'country of three letters',
        { country: 'FRA' },
        { country: ['The country field must be a two-letter ISO 3166-1 country code, such as FR or GB.'] },
      ],
      [
        'phone without a digit',
        { contact_phone: 'call me' },
        { contact_phone: ['The contact_phone field must contain at least one digit.'] },
      ],
      [
        'phone too long',
        { contact_phone: '1'.repeat(65) },
        { contact_phone: ['The contact_phone field must not be greater than 64 characters.'] },
      ],
      [
        'profile URL without a scheme',
        { contact_profile_url: 'linkedin.com/in/ada' },
        { contact_profile_url: ['The contact_profile_url field must be a valid URL.'] },
      ],
      [
        'first name too long',
        { contact_first_name: 'a'.repeat(128) },
        { contact_first_name: ['The contact_first_name field must not be greater than 127 characters.'] },
      ],
      [
        'title not a string',
        { contact_title: 7 },
        { contact_title: ['The contact_title field must be a string.'] },
      ],
      [
        'city too long',
        { city: 'c'.repeat(256) },
        { city: ['The city field must not be greater than 255 characters.'] },
      ],
    ])('422 on create and PATCH: %s', async (_name, fields, errors) => {
      const created = await create({ company: 'A', ...fields });
      expect([created.status, created.body]).toEqual([422, validationBody(errors)]);
      const valid = await create({ company: 'A' });
      const patched = await update(valid.body.id, fields);
      expect([patched.status, patched.body]).toEqual([422, validationBody(errors)]);
    });
  });
}
