import { startTestServer, type TestServer, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './http-helpers.js';

describe.each(testDatabaseKinds())('prospects on %s', (kind) => {
  let server: TestServer;
  let token: string;
  const create = async (body: unknown, t = token) =>
    call(server.baseUrl, 'POST', '/prospects', { token: t, body });
  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await server.token();
  });
  afterAll(() => server.close());

  it('creates with 201, a Location header and every key present', async () => {
    const answer = await create({
      company: '  Acme Ltd  ',
      contact_email: 'ada@acme.example',
      tags: [' a ', 'b'],
      notes: '   ',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toBe(`${server.baseUrl}/prospects/${answer.body.id}`);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^prs_[0-9A-HJKMNP-TV-Z]{26}$/),
      company: 'Acme Ltd',
      domain: null,
      website: null,
      location: null,
      contact_name: null,
      contact_email: 'ada@acme.example',
      contact_first_name: null,
      contact_last_name: null,
      contact_title: null,
      contact_phone: null,
      contact_profile_url: null,
      city: null,
      region: null,
      country: null,
      custom_fields: {},
      notes: null,
      tags: ['a', 'b'],
      owner_id: null,
      outcome: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: answer.body.created_at,
    });
    const read = await call(server.baseUrl, 'GET', `/prospects/${answer.body.id}`, { token });
    expect(read.body).toEqual(answer.body);
  });

  it.each([
    [{}, { company: ['The company field is required.'] }],
    [{ company: '   ' }, { company: ['The company field is required.'] }],
    [
      { company: 'x'.repeat(256) },
      { company: ['The company field must not be greater than 255 characters.'] },
    ],
    [
      { company: 'A', contact_email: 'nope' },
      { contact_email: ['The contact_email field must be a valid email address.'] },
    ],
    [
      { company: 'A', website: 'ftp://acme.example' },
      { website: ['The website field must be a valid URL.'] },
    ],
    [
      { company: 'A', domain: 'https://acme.example' },
      { domain: ['The domain field must be a valid hostname.'] },
    ],
    [{ company: 'A', tags: ['a', ' a'] }, { 'tags.1': ['The tags.1 field has a duplicate value.'] }],
    [
      { company: 'A', tags: ['ok', 'x'.repeat(51)] },
      { 'tags.1': ['The tags.1 field must not be greater than 50 characters.'] },
    ],
    [
      { company: 'A', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      { tags: ['The tags field must not have more than 50 items.'] },
    ],
    [{ company: 'A', stage: 'lead' }, { stage: ['The stage field is prohibited.'] }],
    [{ company: 'A', owner_id: 7 }, { owner_id: ['The owner_id field must be a string.'] }],
  ])('422 for %j', async (body, errors) => {
    const answer = await create(body);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: Object.values(errors)[0]?.[0], errors });
  });

  it('counts further errors in the message', async () => {
    const answer = await create({ company: '', contact_email: 'x', notes: 5 });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('The company field is required. (and 2 more errors)');
    const two = await create({ company: '', contact_email: 'x' });
    expect(two.body.message).toBe('The company field is required. (and 1 more error)');
  });

  it('PATCH changes only the fields sent, null clears, tags replace, {} is a no-op', async () => {
    const { body: p } = await create({
      company: 'Patch Co',
      domain: 'patch.example',
      notes: 'n',
      tags: ['a', 'b'],
    });
    const noop = await call(server.baseUrl, 'PATCH', `/prospects/${p.id}`, { token, body: {} });
    expect(noop.status).toBe(200);
    expect({ ...noop.body, updated_at: p.updated_at }).toEqual(p);
    const changed = await call(server.baseUrl, 'PATCH', `/prospects/${p.id}`, {
      token,
      body: { notes: null, tags: ['c'] },
    });
    expect(changed.body).toMatchObject({
      company: 'Patch Co',
      domain: 'patch.example',
      notes: null,
      tags: ['c'],
    });
    const cleared = await call(server.baseUrl, 'PATCH', `/prospects/${p.id}`, {
      token,
      body: { tags: null },
    });
    expect(cleared.body.tags).toEqual([]);
    const bad = await call(server.baseUrl, 'PATCH', `/prospects/${p.id}`, {
      token,
      body: { company: null, color: 'red' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['color', 'company']);
    const after = await call(server.baseUrl, 'GET', `/prospects/${p.id}`, { token });
    expect(after.body).toMatchObject({ company: 'Patch Co', tags: [] });
  });

  it('isolation: another workspace gets 404 on every prospect path and never sees the rows', async () => {
    const { body: mine } = await create({ company: 'Private Co' });
    const other = await server.token({ workspaceId: await server.workspace() });
    for (const [method, path, body] of [
      ['GET', `/prospects/${mine.id}`, undefined],
      ['PATCH', `/prospects/${mine.id}`, { company: 'Stolen' }],
      ['PATCH', `/prospects/${mine.id}`, { company: '' }],
      ['POST', `/prospects/${mine.id}/outcomes`, { outcome: 'Won' }],
    ] as const) {
      const answer = await call(server.baseUrl, method, path, { token: other, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ message: 'Prospect not found.' });
    }
    const list = await call(server.baseUrl, 'GET', '/prospects?search=Private', { token: other });
    expect(list.body.data).toEqual([]);
    const still = await call(server.baseUrl, 'GET', `/prospects/${mine.id}`, { token });
    expect(still.body.company).toBe('Private Co');
  });

  it.each([
    'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
    'not-an-id',
    'x'.repeat(300),
    '..%2F..%2Fetc%2Fpasswd',
    '%E0%A4%A',
  ])('unknown or malformed id %s gives 404', async (id) => {
    const answer = await call(server.baseUrl, 'GET', `/prospects/${id}`, { token });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/not found/i);
  });
});

describe.each(testDatabaseKinds())('listing on %s', (kind) => {
  let server: TestServer;
  let token: string;
  const list = (query: string) => call(server.baseUrl, 'GET', `/prospects${query}`, { token });
  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await server.token();
    const rows = [
      {
        company: 'Alpha Widgets',
        domain: 'alpha.example',
        contact_name: 'Zoë Quill',
        contact_email: 'zoe@alpha.example',
      },
      {
        company: 'Beta 100% Pure_Co',
        domain: 'beta.example',
        contact_name: 'Bob Stone',
        contact_email: 'bob@beta.example',
      },
      {
        company: 'Gamma',
        domain: 'gamma.example',
        contact_name: 'Carol Pike',
        contact_email: 'carol@mail.example',
      },
    ];
    for (const row of rows) await call(server.baseUrl, 'POST', '/prospects', { token, body: row });
  });
  afterAll(() => server.close());

  it('is newest first with the Laravel envelope', async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((p: { company: string }) => p.company)).toEqual([
      'Gamma',
      'Beta 100% Pure_Co',
      'Alpha Widgets',
    ]);
    expect(answer.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      path: `${server.baseUrl}/prospects`,
      per_page: 25,
      to: 3,
      total: 3,
      total_relation: 'eq',
      has_more: false,
    });
    expect(answer.body.links).toEqual({
      first: `${server.baseUrl}/prospects?per_page=25&page=1`,
      last: `${server.baseUrl}/prospects?per_page=25&page=1`,
      prev: null,
      next: null,
    });
  });

  it.each([
    ['company', 'WIDGETS', ['Alpha Widgets']],
    ['domain', 'Beta.Example', ['Beta 100% Pure_Co']],
    ['contact_name', 'carol pike', ['Gamma']],
    ['contact_email', 'ZOE@', ['Alpha Widgets']],
    ['a word with punctuation, which separates words', '100%', ['Beta 100% Pure_Co']],
    ['words joined by _', 'pure_co', ['Beta 100% Pure_Co']],
    ['the inside of a word: no match', 'idgets', []],
    ['no match', 'zzz', []],
  ])('search matches %s case-insensitively', async (_what, term, companies) => {
    const answer = await list(`?search=${encodeURIComponent(term)}`);
    expect(answer.body.data.map((p: { company: string }) => p.company)).toEqual(companies);
  });

  it('pages: exactly one page, last page, past the last, links keep search and per_page', async () => {
    const one = await list('?per_page=3');
    expect(one.body.meta).toMatchObject({ last_page: 1, from: 1, to: 3, total: 3 });
    const first = await list('?per_page=2&search=example');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.links.next).toMatch(/\/prospects\?search=example&per_page=2&cursor=[A-Za-z0-9_-]+$/);
    const last = await call(server.baseUrl, 'GET', first.body.links.next.replace(server.baseUrl, ''), {
      token,
    });
    expect(last.body.data.map((p: { company: string }) => p.company)).toEqual(['Alpha Widgets']);
    expect(last.body.meta).toMatchObject({ current_page: 2, from: 3, to: 3, last_page: 2 });
    expect(last.body.links).toMatchObject({
      next: null,
      prev: expect.stringMatching(/\/prospects\?search=example&per_page=2&cursor=[A-Za-z0-9_-]+$/),
    });
    const past = await list('?per_page=2&page=9');
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 2, total: 3 });
    expect((await list('?per_page=100')).status).toBe(200);
  });

  it('an empty result has last_page 1 and null from/to', async () => {
    const empty = await list('?search=nothing-like-this');
    expect(empty.body.meta).toMatchObject({ current_page: 1, from: null, to: null, last_page: 1, total: 0 });
  });

  it.each([
    ['?per_page=101', 'per_page', 'The per_page field must not be greater than 100.'],
    ['?per_page=0', 'per_page', 'The per_page field must be at least 1.'],
    ['?page=0', 'page', 'The page field must be at least 1.'],
    ['?page=abc', 'page', 'The page field must be an integer.'],
    [`?search=${'s'.repeat(256)}`, 'search', 'The search field must not be greater than 255 characters.'],
  ])('422 for %s (never clamped)', async (query, field, message) => {
    const answer = await list(query);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toEqual([message]);
  });
});
