import { ABILITIES, type Ability } from '@prospectkit/core';
import { startTestServer, type TestServer, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiToken, isWellFormedApiToken } from '../src/auth/api-token.js';
import { revokeApiToken, setWorkspaceSuspended } from '../src/index.js';
import { call } from './http-helpers.js';

const OPERATIONS: Array<{
  name: string;
  method: string;
  path: (id: string) => string;
  ability: Ability;
  body?: unknown;
}> = [
  { name: 'listProspects', method: 'GET', path: () => '/prospects', ability: 'prospects:read' },
  { name: 'getProspect', method: 'GET', path: (id) => `/prospects/${id}`, ability: 'prospects:read' },
  {
    name: 'createProspect',
    method: 'POST',
    path: () => '/prospects',
    ability: 'prospects:write',
    body: { company: 'A' },
  },
  {
    name: 'updateProspect',
    method: 'PATCH',
    path: (id) => `/prospects/${id}`,
    ability: 'prospects:write',
    body: {},
  },
  {
    name: 'recordOutcome',
    method: 'POST',
    path: (id) => `/prospects/${id}/outcomes`,
    ability: 'outcomes:write',
    body: { outcome: 'Interested' },
  },
];

describe.each(testDatabaseKinds())('authentication and abilities on %s', (kind) => {
  let server: TestServer;
  let prospectId: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    const created = await call(server.baseUrl, 'POST', '/prospects', {
      token: await server.token(),
      body: { company: 'Acme' },
    });
    prospectId = created.body.id;
  });
  afterAll(() => server.close());

  const unauthenticatedCases: Array<[string, () => Promise<string | undefined>]> = [
    ['missing', async () => undefined],
    ['malformed', async () => 'not-a-token'],
    ['bad checksum', async () => `${(await server.token()).slice(0, -1)}0`],
    ['well-formed but unknown', async () => generateApiToken()],
    ['expired', () => server.token({ expiresAt: new Date(Date.now() - 1000) })],
    [
      'revoked',
      async () => {
        const token = await server.token();
        const [row] = await server.db.query<{ id: string }>(
          'select id from api_tokens order by created_at desc, id desc limit 1',
        );
        await revokeApiToken(server.db, row?.id as string);
        return token;
      },
    ],
    [
      'of a suspended workspace',
      async () => {
        const workspaceId = await server.workspace('Suspended');
        const token = await server.token({ workspaceId });
        await setWorkspaceSuspended(server.db, workspaceId, true);
        return token;
      },
    ],
  ];

  it.each(unauthenticatedCases)(
    'a %s token gets the same 401 on every operation',
    async (_name, makeToken) => {
      const token = await makeToken();
      for (const op of OPERATIONS) {
        const answer = await call(server.baseUrl, op.method, op.path(prospectId), { token, body: op.body });
        expect(answer.status, op.name).toBe(401);
        expect(answer.body).toEqual({ message: 'Unauthenticated.' });
        expect(answer.headers.get('www-authenticate')).toBe('Bearer');
        expect(answer.headers.get('x-request-id')).toBeTruthy();
      }
    },
  );

  it.each(OPERATIONS)('$name needs $ability: a token without it gets 403 naming it', async (op) => {
    const others = ABILITIES.filter((a) => a !== op.ability);
    const token = await server.token({ abilities: others });
    const answer = await call(server.baseUrl, op.method, op.path(prospectId), { token, body: op.body });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: `This token lacks the ${op.ability} ability.` });
    const allowed = await call(server.baseUrl, op.method, op.path(prospectId), {
      token: await server.token({ abilities: [op.ability] }),
      body: op.body,
    });
    expect(allowed.status).toBeLessThan(300);
  });

  it('tokens carry a checksum: one changed character is refused before any lookup', async () => {
    const token = generateApiToken();
    expect(token).toMatch(/^pkt_[0-9A-Za-z]{36}$/);
    expect(isWellFormedApiToken(token)).toBe(true);
    const flipped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect(isWellFormedApiToken(flipped)).toBe(false);
  });

  it('a resumed workspace works again', async () => {
    const workspaceId = await server.workspace('Paused');
    const token = await server.token({ workspaceId });
    await setWorkspaceSuspended(server.db, workspaceId, true);
    expect((await call(server.baseUrl, 'GET', '/prospects', { token })).status).toBe(401);
    await setWorkspaceSuspended(server.db, workspaceId, false);
    expect((await call(server.baseUrl, 'GET', '/prospects', { token })).status).toBe(200);
  });

  it('keeps last_used_at current without a write on every request', async () => {
    const token = await server.token();
    const lastUsed = async () =>
      (
        await server.db.query<{ last_used_at: Date | null }>(
          'select last_used_at from api_tokens order by created_at desc, id desc limit 1',
        )
      )[0]?.last_used_at;
    expect(await lastUsed()).toBeNull();
    await call(server.baseUrl, 'GET', '/prospects', { token });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await call(server.baseUrl, 'GET', '/prospects', { token });
    expect((await lastUsed())?.getTime()).toBe(first?.getTime());
  });
});

describe.each(testDatabaseKinds())('cached grants on %s', (kind) => {
  it('a token used before is refused as soon as it is revoked or its workspace suspended, even by another instance', async () => {
    const a = await startTestServer({ kind });
    const b = kind === 'postgres' ? await startTestServer({ db: a.db }) : a;
    try {
      const token = await a.token();
      expect((await call(b.baseUrl, 'GET', '/prospects', { token })).status).toBe(200);
      const [row] = await a.db.query<{ id: string }>(
        'select id from api_tokens order by created_at desc, id desc limit 1',
      );
      await revokeApiToken(a.db, row?.id as string);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await call(b.baseUrl, 'GET', '/prospects', { token })).status).toBe(401);

      const workspaceId = await a.workspace('Cached');
      const other = await a.token({ workspaceId });
      expect((await call(b.baseUrl, 'GET', '/prospects', { token: other })).status).toBe(200);
      await setWorkspaceSuspended(a.db, workspaceId, true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await call(b.baseUrl, 'GET', '/prospects', { token: other })).status).toBe(401);
    } finally {
      if (b !== a) await b.close();
      await a.close();
    }
  });
});
