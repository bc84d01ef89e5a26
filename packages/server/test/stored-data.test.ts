import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabaseKinds } from '../src/testing/index.js';
import { call } from './http-helpers.js';

describe.each(testDatabaseKinds())('a committed change always answers with the contract (%s)', (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let token: string;
  let id: string;
  const api = (method: string, path: string, body?: unknown) =>
    call(server.baseUrl, method, path, { token, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await server.token();
    id = (await api('POST', '/prospects', { company: 'Acme Ltd', notes: 'First note.' })).body.id;
    // What an instance of an earlier release still running during a rolling upgrade writes after migration 14
    // ran: a website its contract allowed and today's does not.
    await server.db.query(`update prospects set website = 'https://' where id = $1`, [id]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('PATCH of another field on a row that breaks the contract is refused with 422 naming it, and writes nothing', async () => {
    const [before] = await server.db.query('select notes, updated_at from prospects where id = $1', [id]);
    const refused = await api('PATCH', `/prospects/${id}`, { notes: 'Second note.' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message:
        'The stored website is not valid any more (an earlier version saved it): send a valid website, or null, with this change.',
      errors: {
        website: [
          'The stored website is not valid any more (an earlier version saved it): send a valid website, or null, with this change.',
        ],
      },
    });
    const [after] = await server.db.query('select notes, updated_at from prospects where id = $1', [id]);
    expect(after).toEqual(before);
  });

  it('the same PATCH with the website fixed is saved and answered', async () => {
    const saved = await api('PATCH', `/prospects/${id}`, { notes: 'Second note.', website: null });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ notes: 'Second note.', website: null });
  });
});
