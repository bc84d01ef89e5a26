import { startTestServer, type TestServer, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './http-helpers.js';

describe.each(testDatabaseKinds())('media errors and the order of checks on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let readOnly: string;
  let prospectId: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await server.token();
    readOnly = await server.token({ abilities: ['prospects:read'] });
    prospectId = (await call(server.baseUrl, 'POST', '/prospects', { token, body: { company: 'Order Co' } }))
      .body.id;
  });
  afterAll(() => server.close());

  it.each([
    [
      'another Content-Type',
      { rawBody: 'company=Acme', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      415,
    ],
    ['no Content-Type', { rawBody: '{"company":"Acme"}', headers: {} }, 415],
    ['malformed JSON', { rawBody: '{"company":', headers: { 'Content-Type': 'application/json' } }, 400],
    [
      'a body over 1 MiB',
      {
        rawBody: JSON.stringify({ company: 'A', notes: 'x'.repeat(1_048_576) }),
        headers: { 'Content-Type': 'application/json' },
      },
      413,
    ],
  ] as const)('%s gets %i with {message} and loses nothing', async (_name, options, status) => {
    const before = (await call(server.baseUrl, 'GET', '/prospects', { token })).body.meta.total;
    const answer = await call(server.baseUrl, 'POST', '/prospects', {
      token,
      ...options,
      headers: { ...options.headers },
    });
    expect(answer.status).toBe(status);
    expect(Object.keys(answer.body)).toEqual(['message']);
    expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
    expect((await call(server.baseUrl, 'GET', '/prospects', { token })).body.meta.total).toBe(before);
  });

  it('echoes a well-formed client X-Request-Id and replaces a bad one', async () => {
    const echoed = await call(server.baseUrl, 'GET', '/prospects', {
      token,
      headers: { 'X-Request-Id': 'trace-123' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const replaced = await call(server.baseUrl, 'GET', '/prospects', {
      token,
      headers: { 'X-Request-Id': 'x'.repeat(200) },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('checks 401, then 403, then the media, then 404, then 422', async () => {
    const missing = '/prospects/prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR';
    const bad = { rawBody: '{', headers: { 'Content-Type': 'application/json' } };
    expect((await call(server.baseUrl, 'PATCH', missing, { ...bad })).status).toBe(401);
    expect((await call(server.baseUrl, 'PATCH', missing, { token: readOnly, ...bad })).status).toBe(403);
    expect((await call(server.baseUrl, 'PATCH', missing, { token, ...bad })).status).toBe(400);
    expect((await call(server.baseUrl, 'PATCH', missing, { token, body: { company: '' } })).status).toBe(404);
    expect(
      (await call(server.baseUrl, 'PATCH', `/prospects/${prospectId}`, { token, body: { company: '' } }))
        .status,
    ).toBe(422);
  });

  it('answers unknown paths with 404 JSON and never a stack trace', async () => {
    const answer = await call(server.baseUrl, 'GET', '/campaigns', { token });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Not found.' });
  });

  it('serves /healthz and /readyz outside /api/v1', async () => {
    const origin = server.baseUrl.replace('/api/v1', '');
    expect((await call(origin, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await call(origin, 'GET', '/readyz')).body).toEqual({ status: 'ready' });
  });
});

describe('interactive docs', () => {
  it('serves /docs and the contract from the server itself', async () => {
    const server = await startTestServer();
    try {
      const origin = server.baseUrl.replace('/api/v1', '');
      const page = await fetch(`${origin}/docs/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('swagger-ui');
      expect(html).not.toMatch(/https?:\/\/(cdn|unpkg)/);
      const bundle = await fetch(`${origin}/docs/swagger-ui-bundle.js`);
      expect(bundle.status).toBe(200);
      const yaml = await (await fetch(`${origin}/openapi.yaml`)).text();
      expect(yaml).toContain('operationId: listProspects');
    } finally {
      await server.close();
    }
  });
});
