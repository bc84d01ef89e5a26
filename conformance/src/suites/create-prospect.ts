import { beforeAll, describe, expect, it } from 'vitest';
import { call, eventsDuring } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { anyId, anyTimestamp, prospectShape, validationBody } from '../matchers.js';

/** `createProspect`: 201 with every key, trimming, `Location`, `prospect.created`, and the 422 bodies. */
export function createProspectSuite(target: TargetRef): void {
  describe('createProspect', () => {
    let token: string;
    let workspaceId: string;
    beforeAll(async () => {
      const workspace = await target().workspace();
      workspaceId = workspace.id;
      token = await workspace.token();
    });
    const create = (body: unknown) => call(target(), 'POST', '/prospects', { token, body });

    it('201 with every key present, a Location, and prospect.created carrying the prospect', async () => {
      let answer = await create({ company: 'Acme Ltd' });
      const events = await eventsDuring(target(), async () => {
        answer = await create({
          company: 'Acme Ltd',
          domain: 'acme.example',
          website: 'https://acme.example/about',
          location: 'London',
          contact_name: 'Ada Lovelace',
          contact_email: 'ada@acme.example',
          notes: 'Met at a fair.',
          tags: ['enterprise', 'emea'],
          owner_id: 'user_42',
        });
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(
        prospectShape({
          company: 'Acme Ltd',
          domain: 'acme.example',
          website: 'https://acme.example/about',
          location: 'London',
          contact_name: 'Ada Lovelace',
          contact_email: 'ada@acme.example',
          notes: 'Met at a fair.',
          tags: ['enterprise', 'emea'],
          owner_id: 'user_42',
        }),
      );
      expect(answer.body.updated_at).toBe(answer.body.created_at);
      expect(answer.headers.get('location')).toBe(`${target().baseUrl}/prospects/${answer.body.id}`);
      expect(events).toEqual([
        {
          id: anyId('evt'),
          event: 'prospect.created',
          workspace_id: workspaceId,
          occurred_at: answer.body.created_at,
          data: { prospect_id: answer.body.id, company: 'Acme Ltd', contact_email: 'ada@acme.example' },
        },
      ]);
      const read = await call(target(), 'GET', `/prospects/${answer.body.id}`, { token });
      expect(read.body).toEqual(answer.body);
    });

    it('trims text, reads blank optional text as null, trims tags and keeps their order', async () => {
      const answer = await create({
        company: '  Acme Ltd  ',
        location: '   ',
        contact_name: ' Ada ',
        notes: '',
        tags: [' b ', 'a'],
        domain: null,
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(
        prospectShape({ company: 'Acme Ltd', contact_name: 'Ada', tags: ['b', 'a'] }),
      );
    });

    it('accepts the longest values the contract allows', async () => {
      const answer = await create({
        company: 'c'.repeat(255),
        tags: Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(50, 't')),
        owner_id: 'o'.repeat(64),
        notes: 'n'.repeat(10_000),
      });
      expect(answer.status).toBe(201);
      expect(answer.body.tags).toHaveLength(50);
    });

    it('stores an owner_id that names no teammate as sent, on create and update (openapi.yaml `OwnerId`)', async () => {
      // The contract does not require owner_id to name a teammate of the workspace: ids from other systems work.
      const teammateLike = 'tm_01ARZ3NDEKTSV4RRFFQ69G5FAV';
      const created = await create({ company: 'Acme', owner_id: teammateLike });
      expect([created.status, created.body.owner_id]).toEqual([201, teammateLike]);
      const updated = await call(target(), 'PATCH', `/prospects/${created.body.id}`, {
        token,
        body: { owner_id: 'crm-user-7' },
      });
      expect([updated.status, updated.body.owner_id]).toEqual([200, 'crm-user-7']);
    });

    it.each<[string, unknown, Record<string, string[]>]>([
      ['an empty object', {}, { company: ['The company field is required.'] }],
      ['a blank company', { company: '   ' }, { company: ['The company field is required.'] }],
      ['an empty company', { company: '' }, { company: ['The company field is required.'] }],
      ['a null company', { company: null }, { company: ['The company field must be a string.'] }],
      ['a number for company', { company: 123 }, { company: ['The company field must be a string.'] }],
      [
        'a company over 255 characters',
        { company: 'c'.repeat(256) },
        { company: ['The company field must not be greater than 255 characters.'] },
      ],
      [
        'unknown fields',
        { company: 'Acme', status: 'new', campaign_id: 7 },
        {
          status: ['The status field is prohibited.'],
          campaign_id: ['The campaign_id field is prohibited.'],
        },
      ],
      [
        'unknown fields and no company',
        { name: 'Acme' },
        { company: ['The company field is required.'], name: ['The name field is prohibited.'] },
      ],
      [
        'duplicate tags',
        { company: 'Acme', tags: ['a', 'b', 'a'] },
        { 'tags.2': ['The tags.2 field has a duplicate value.'] },
      ],
      [
        'tags equal after trimming',
        { company: 'Acme', tags: ['a', ' a '] },
        { 'tags.1': ['The tags.1 field has a duplicate value.'] },
      ],
      [
        'a blank tag',
        { company: 'Acme', tags: ['a', '  '] },
        { 'tags.1': ['The tags.1 field is required.'] },
      ],
      [
        'a tag over 50 characters',
        { company: 'Acme', tags: ['ok', 't'.repeat(51)] },
        { 'tags.1': ['The tags.1 field must not be greater than 50 characters.'] },
      ],
      [
        'more than 50 tags',
        { company: 'Acme', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
        { tags: ['The tags field must not have more than 50 items.'] },
      ],
      ['tags as a string', { company: 'Acme', tags: 'a,b' }, { tags: ['The tags field must be an array.'] }],
      [
        'a tag that is a number',
        { company: 'Acme', tags: [1] },
        { 'tags.0': ['The tags.0 field must be a string.'] },
      ],
      [
        'a blank email (checked before trimming)',
        { company: 'Acme', contact_email: '  ' },
        { contact_email: ['The contact_email field must be a valid email address.'] },
      ],
      [
        'an invalid email',
        { company: 'Acme', contact_email: 'ada-at-acme' },
        { contact_email: ['The contact_email field must be a valid email address.'] },
      ],
      [
        'a website that is not http(s)',
        { company: 'Acme', website: 'ftp://acme.example' },
        { website: ['The website field must be a valid URL.'] },
      ],
      [
        'a website that is not a URL',
        { company: 'Acme', website: 'acme.example' },
        { website: ['The website field must be a valid URL.'] },
      ],
      ...[
        'https://',
        'htTps://',
        'https://:80',
        'https://?x',
        'http://#top',
        'https:///acme.example',
        'https://ada@/',
        'https://acme.example:99999/',
      ].map((website): [string, unknown, Record<string, string[]>] => [
        `a website without a usable host (${website})`,
        { company: 'Acme', website },
        { website: ['The website field must be a valid URL.'] },
      ]),
      [
        'an invalid domain',
        { company: 'Acme', domain: 'not a host' },
        { domain: ['The domain field must be a valid hostname.'] },
      ],
      [
        'an owner_id over 64 characters',
        { company: 'Acme', owner_id: 'o'.repeat(65) },
        { owner_id: ['The owner_id field must not be greater than 64 characters.'] },
      ],
      [
        'notes over 10,000 characters',
        { company: 'Acme', notes: 'n'.repeat(10_001) },
        { notes: ['The notes field must not be greater than 10000 characters.'] },
      ],
      [
        'several problems at once',
        { company: '', contact_email: 'x', tags: ['a', 'a'], extra: true },
        {
          extra: ['The extra field is prohibited.'],
          company: ['The company field is required.'],
          contact_email: ['The contact_email field must be a valid email address.'],
          'tags.1': ['The tags.1 field has a duplicate value.'],
        },
      ],
    ])('422 for %s, and no event', async (_name, body, errors) => {
      let answer = { status: 0, body: undefined as unknown };
      const events = await eventsDuring(target(), async () => {
        answer = await create(body);
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(validationBody(errors));
      expect(events).toEqual([]);
    });

    it('422 for a NUL character in any text field, which PostgreSQL text cannot hold', async () => {
      const answer = await call(target(), 'POST', '/prospects', {
        token,
        rawBody: '{"company":"a\\u0000b","notes":"\\u0000","tags":["ok","x\\u0000"]}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(
        validationBody({
          company: ['The company field must not contain NUL characters.'],
          notes: ['The notes field must not contain NUL characters.'],
          'tags.1': ['The tags.1 field must not contain NUL characters.'],
        }),
      );
    });

    it('stores a lone UTF-16 surrogate as U+FFFD', async () => {
      const answer = await call(target(), 'POST', '/prospects', {
        token,
        rawBody: '{"company":"a\\ud800b","tags":["\\udc00"]}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status).toBe(201);
      expect([answer.body.company, answer.body.tags]).toEqual(['a\uFFFDb', ['\uFFFD']]);
      const read = await call(target(), 'GET', `/prospects/${answer.body.id}`, { token });
      expect(read.body.company).toBe('a\uFFFDb');
    });

    it('ignores an unknown query parameter, and still validates the body', async () => {
      const refused = await call(target(), 'POST', '/prospects?dry_run=1', { token, body: {} });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual(validationBody({ company: ['The company field is required.'] }));
      const created = await call(target(), 'POST', '/prospects?dry_run=1', {
        token,
        body: { company: 'Acme' },
      });
      expect(created.status).toBe(201);
    });

    it.each([
      ['an upper-case scheme', 'HTTPS://Acme.example/About?x=1#team'],
      ['a port and user info', 'http://ada@localhost:8080/'],
      ['an IPv6 host', 'https://[2001:db8::1]/'],
    ])('accepts a website with %s, which new URL() reads', async (_name, website) => {
      const answer = await create({ company: 'Acme', website });
      expect(answer.status).toBe(201);
      expect(new URL(answer.body.website).hostname).not.toBe('');
    });

    it('names __proto__ and constructor as unknown fields', async () => {
      const answer = await call(target(), 'POST', '/prospects', {
        token,
        rawBody: '{"company":"x","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status).toBe(422);
      // JSON.parse, because `__proto__:` in an object literal sets the prototype instead of a key.
      const errors = JSON.parse(
        '{"__proto__":["The __proto__ field is prohibited."],"constructor":["The constructor field is prohibited."]}',
      );
      expect(answer.body).toEqual(validationBody(errors));
    });

    it('caps errors at 256 fields and counts every error in message', async () => {
      const body = Object.fromEntries([
        ['company', 'x'],
        ...Array.from({ length: 300 }, (_, i) => [`k${i}`, i]),
      ]);
      const answer = await create(body);
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(Array.from({ length: 256 }, (_, i) => `k${i}`));
      expect(answer.body.message).toBe('The k0 field is prohibited. (and 299 more errors)');
    });

    it('counts the messages after the first in message', async () => {
      const answer = await create({ a: 1, b: 2, c: 3 });
      expect(answer.body.message).toBe('The company field is required. (and 3 more errors)');
      const one = await create({ company: 'Acme', a: 1 });
      expect(one.body.message).toBe('The a field is prohibited.');
      const two = await create({ a: 1 });
      expect(two.body.message).toBe('The company field is required. (and 1 more error)');
    });

    it('answers the created prospect with a timestamp the contract allows', async () => {
      const answer = await create({ company: 'Timely' });
      expect(answer.body.created_at).toEqual(anyTimestamp());
    });
  });
}
