import { startTestServer, type TestServer, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './http-helpers.js';

// Found by `npm run test:hardening` (hardening/): each of these answered 500, except where a test says.
describe.each(testDatabaseKinds())('hardening regressions on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let prospectId: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await server.token();
    prospectId = (await call(server.baseUrl, 'POST', '/prospects', { token, body: { company: 'Edge Co' } }))
      .body.id;
  });
  afterAll(() => server.close());

  it('reads a leap second in meeting_at as the next second', async () => {
    const answer = await call(server.baseUrl, 'POST', `/prospects/${prospectId}/outcomes`, {
      token,
      body: { meeting_at: '2016-12-31T23:59:60Z' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.meeting_at).toBe('2017-01-01T00:00:00.000Z');
  });

  it.each([['0000-01-01T00:00:00Z'], ['0000-01-01T00:00:00+01:00'], ['9999-12-31T23:59:59-01:00']])(
    'refuses meeting_at %s, outside years 1-9999 in UTC, with 422',
    async (meetingAt) => {
      const answer = await call(server.baseUrl, 'POST', `/prospects/${prospectId}/outcomes`, {
        token,
        body: { meeting_at: meetingAt },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        meeting_at: ['The meeting_at field must be between 0001-01-01 and 9999-12-31 in UTC.'],
      });
    },
  );

  it('refuses NUL in a body field or in search with 422', async () => {
    const created = await call(server.baseUrl, 'POST', '/prospects', {
      token,
      body: { company: 'Acme\u0000Ltd', tags: ['ok', 'b\u0000d'] },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({
      company: ['The company field must not contain NUL characters.'],
      'tags.1': ['The tags.1 field must not contain NUL characters.'],
    });
    const patched = await call(server.baseUrl, 'PATCH', `/prospects/${prospectId}`, {
      token,
      body: { notes: '\u0000' },
    });
    expect(patched.status).toBe(422);
    const listed = await call(server.baseUrl, 'GET', '/prospects?search=%00', { token });
    expect(listed.status).toBe(422);
    expect(listed.body.errors).toEqual({ search: ['The search field must not contain NUL characters.'] });
  });

  // The contract declares no ETag and lists no 304 (Express sent a weak ETag on every answer).
  it.each([['/prospects/{id}'], ['/prospects?per_page=5']])(
    'sends no ETag on GET %s and answers a conditional GET with 200 and the body',
    async (template) => {
      const path = template.replace('{id}', prospectId);
      const first = await call(server.baseUrl, 'GET', path, { token });
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toBeNull();
      const conditions: Record<string, string>[] = [
        { 'If-None-Match': '*' },
        { 'If-Modified-Since': new Date().toUTCString() },
      ];
      for (const headers of conditions) {
        const again = await call(server.baseUrl, 'GET', path, { token, headers });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
      }
    },
  );

  it('answers NUL in the path of an unknown prospect with 404, not 422', async () => {
    const answer = await call(server.baseUrl, 'PATCH', '/prospects/prs_nope', {
      token,
      body: { notes: '\u0000' },
    });
    expect(answer.status).toBe(404);
  });
});

describe.each(testDatabaseKinds())('hardening regressions (422 body) on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await server.token();
  });
  afterAll(() => server.close());

  it('answers NUL in a path id with 404', async () => {
    const id = (await call(server.baseUrl, 'POST', '/prospects', { token, body: { company: 'Nul Co' } })).body
      .id;
    expect((await call(server.baseUrl, 'GET', `/prospects/${id}%00`, { token })).status).toBe(404);
    expect((await call(server.baseUrl, 'GET', '/prospects/prs_%00%00', { token })).status).toBe(404);
    const outcome = await call(server.baseUrl, 'POST', `/prospects/${id}%00/outcomes`, {
      token,
      body: { outcome: 'Won' },
    });
    expect(outcome.status).toBe(404);
  });

  it('names __proto__ and constructor fields as unknown with a JSON 422, not a 500', async () => {
    const answer = await call(server.baseUrl, 'POST', '/prospects', {
      token,
      rawBody: '{"company":"x","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
  });

  it('caps errors at 256 fields and still counts every error in the message', async () => {
    const body = Object.fromEntries([
      ['company', 'x'],
      ...Array.from({ length: 300 }, (_, i) => [`k${i}`, i]),
    ]);
    const answer = await call(server.baseUrl, 'POST', '/prospects', { token, body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toHaveLength(256);
    expect(answer.body.message).toMatch(/\(and 299 more errors\)$/);
  });

  // Found by the Prism part, which forwards a query in form encoding: this answered 422 (reserved character).
  it.each([
    ['a space, written +', 'Link Co', 'search=Link+Co&'],
    ['a *, written raw', 'Star*Co', 'search=Star*Co&'],
  ])('follows its own links for a search with %s', async (_name, company, written) => {
    await call(server.baseUrl, 'POST', '/prospects', { token, body: { company } });
    const search = encodeURIComponent(company).replaceAll('*', '%2A');
    const first = await call(server.baseUrl, 'GET', `/prospects?search=${search}`, { token });
    expect(first.status).toBe(200);
    expect(first.body.links.first).toContain(written);
    const followed = await fetch(first.body.links.first, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(followed.status).toBe(200);
    expect(
      ((await followed.json()) as { data: Array<{ company: string }> }).data.map((p) => p.company),
    ).toEqual([company]);
  });
});
