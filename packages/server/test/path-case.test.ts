import { startTestServer, type TestServer } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './http-helpers.js';

// Express routes paths case-insensitively, so `/PROSPECTS` reaches the create handler: the ability check must
// see it as `/prospects` too, or a read-only token could write there.
describe('abilities whatever the case of the path', () => {
  let server: TestServer;
  let reader: string;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer();
    reader = await server.token({ abilities: ['prospects:read'] });
    id = (
      await call(server.baseUrl, 'POST', '/prospects', {
        token: await server.token(),
        body: { company: 'A' },
      })
    ).body.id;
  });
  afterAll(() => server.close());

  it.each([
    ['POST', '/PROSPECTS', { company: 'Sneaky' }],
    ['PATCH', '/Prospects/{id}', { company: 'Sneaky' }],
    ['POST', '/prospects/{id}/Outcomes', { outcome: 'Won' }],
  ])('403 for %s %s with a read-only token', async (method, path, body) => {
    const answer = await call(server.baseUrl, method, path.replace('{id}', id), { token: reader, body });
    expect(answer.status).toBe(403);
    expect((await call(server.baseUrl, 'GET', `/prospects/${id}`, { token: reader })).body.company).toBe('A');
  });
});
