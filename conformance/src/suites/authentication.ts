import { ABILITIES } from '@prospectkit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { OPERATIONS } from './operations.js';

/** 401 and 403: bodies, `WWW-Authenticate`, and their place in the order of checks. */
export function authenticationSuite(target: TargetRef): void {
  describe('authentication and abilities', () => {
    let token: string;
    let prospectId: string;
    beforeAll(async () => {
      token = await (await target().workspace()).token();
      prospectId = (await call(target(), 'POST', '/prospects', { token, body: { company: 'Acme' } })).body.id;
    });

    const unauthenticated: Array<[string, () => Promise<Record<string, string>>]> = [
      ['no Authorization header', async () => ({})],
      ['another scheme', async () => ({ Authorization: `Token ${token}` })],
      ['Bearer without a token', async () => ({ Authorization: 'Bearer' })],
      ['Bearer with two words', async () => ({ Authorization: `Bearer ${token} extra` })],
      ['an unknown token', async () => ({ Authorization: 'Bearer pkt_unknown' })],
      ['a revoked token', async () => ({ Authorization: `Bearer ${await target().revokedToken()}` })],
    ];
    describe.each(OPERATIONS)('$operationId', (operation) => {
      it.each(unauthenticated)('401 for %s, with WWW-Authenticate: Bearer', async (_name, headers) => {
        const answer = await call(target(), operation.method, operation.path(prospectId), {
          headers: await headers(),
          ...(operation.body !== undefined ? { body: operation.body } : {}),
        });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ message: 'Unauthenticated.' });
        expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      });

      it(`403 naming ${operation.ability} for a token with every other ability`, async () => {
        const others = ABILITIES.filter((a) => a !== operation.ability);
        const limited = await (await target().workspace()).token(others);
        const answer = await call(target(), operation.method, operation.path(prospectId), {
          token: limited,
          ...(operation.body !== undefined ? { body: operation.body } : {}),
        });
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: `This token lacks the ${operation.ability} ability.` });
        expect(answer.headers.get('www-authenticate')).toBeNull();
      });

      it('answers with the ability it needs alone', async () => {
        const only = await target()
          .workspace()
          .then(async (w) => {
            const t = await w.token(ABILITIES);
            const id = (await call(target(), 'POST', '/prospects', { token: t, body: { company: 'Own' } }))
              .body.id;
            return { token: await w.token([operation.ability]), id };
          });
        const answer = await call(target(), operation.method, operation.path(only.id), {
          token: only.token,
          ...(operation.body !== undefined ? { body: operation.body } : {}),
        });
        expect(answer.status).toBe(operation.method === 'POST' ? 201 : 200);
      });
    });

    it.each(['bearer', 'BEARER', 'bEaReR'])(
      'accepts the scheme written %s: auth schemes are case-insensitive (RFC 9110 section 11.1)',
      async (scheme) => {
        const headers = { Authorization: `${scheme} ${token}` };
        const read = await call(target(), 'GET', `/prospects/${prospectId}`, { headers });
        expect([read.status, read.body.id]).toEqual([200, prospectId]);
        const created = await call(target(), 'POST', '/prospects', { headers, body: { company: 'Case' } });
        expect(created.status).toBe(201);
      },
    );

    it('checks the ability whatever the case of the path', async () => {
      const workspace = await target().workspace();
      const writer = await workspace.token();
      const reader = await workspace.token(['prospects:read']);
      const id = (await call(target(), 'POST', '/prospects', { token: writer, body: { company: 'Acme' } }))
        .body.id;
      const refused = await Promise.all([
        call(target(), 'POST', '/PROSPECTS', { token: reader, body: { company: 'Sneaky' } }),
        call(target(), 'PATCH', `/Prospects/${id}`, { token: reader, body: { company: 'Sneaky' } }),
        call(target(), 'POST', `/prospects/${id}/OUTCOMES`, { token: reader, body: { outcome: 'Won' } }),
      ]);
      expect(refused.map((a) => a.status)).toEqual([403, 403, 403]);
      const read = await call(target(), 'GET', `/Prospects/${id}`, { token: reader });
      expect([read.status, read.body.company]).toEqual([200, 'Acme']);
      const listed = await call(target(), 'GET', '/PROSPECTS', { token: reader });
      expect(listed.body.data.map((p: { company: string }) => p.company)).toEqual(['Acme']);
    });

    it('checks authentication before the path: 401 for an unknown path without a token', async () => {
      const answer = await call(target(), 'GET', '/campaigns');
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Unauthenticated.' });
    });

    it('checks the ability before the media, the prospect and the body (403 first)', async () => {
      const reader = await (await target().workspace()).token(['prospects:read']);
      const cases = [
        call(target(), 'POST', '/prospects', {
          token: reader,
          rawBody: 'x',
          headers: { 'Content-Type': 'text/plain' },
        }),
        call(target(), 'PATCH', '/prospects/prs_unknown', {
          token: reader,
          rawBody: '{',
          headers: { 'Content-Type': 'application/json' },
        }),
        call(target(), 'POST', `/prospects/${prospectId}/outcomes`, { token: reader, body: {} }),
      ];
      for (const answer of await Promise.all(cases))
        expect([answer.status, answer.body.message]).toEqual([
          403,
          expect.stringMatching(/^This token lacks the /),
        ]);
    });
  });
}
