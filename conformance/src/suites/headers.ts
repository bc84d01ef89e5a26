import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { GENERATED_REQUEST_ID } from '../matchers.js';

/** `X-Request-Id`, `X-RateLimit-*`, JSON content type, and the answers for paths and methods outside the contract. */
export function headersSuite(target: TargetRef): void {
  describe('headers, unknown paths and methods', () => {
    let token: string;
    let prospectId: string;
    beforeAll(async () => {
      token = await (await target().workspace()).token();
      prospectId = (await call(target(), 'POST', '/prospects', { token, body: { company: 'Acme' } })).body.id;
    });

    it.each([
      ['a visible-ASCII id', 'abc-123_XYZ.~!', 'abc-123_XYZ.~!'],
      ['128 characters', 'r'.repeat(128), 'r'.repeat(128)],
    ])('echoes a client X-Request-Id of %s', async (_name, sent, echoed) => {
      const answer = await call(target(), 'GET', '/prospects', { token, headers: { 'X-Request-Id': sent } });
      expect(answer.headers.get('x-request-id')).toBe(echoed);
    });

    it.each([
      ['none', undefined],
      ['129 characters', 'r'.repeat(129)],
      ['one with a space', 'a b'],
    ])('generates a req_ id when the client sent %s', async (_name, sent) => {
      const answer = await call(target(), 'GET', '/prospects', {
        token,
        ...(sent !== undefined ? { headers: { 'X-Request-Id': sent } } : {}),
      });
      expect(answer.headers.get('x-request-id')).toMatch(GENERATED_REQUEST_ID);
    });

    it.each([
      ['200', () => call(target(), 'GET', `/prospects/${prospectId}`, { token })],
      ['401', () => call(target(), 'GET', '/prospects')],
      ['404', () => call(target(), 'GET', '/prospects/prs_unknown', { token })],
      ['422', () => call(target(), 'GET', '/prospects?page=0', { token })],
    ])(
      'a %s carries X-Request-Id, X-RateLimit-Limit and X-RateLimit-Remaining, as JSON',
      async (_status, send) => {
        const answer = await send();
        expect(answer.headers.get('x-request-id')).toMatch(GENERATED_REQUEST_ID);
        expect(answer.headers.get('x-ratelimit-limit')).toBe(String(target().rateLimit));
        expect(Number(answer.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json\b/);
      },
    );

    it.each([
      ['GET', '/campaigns'],
      ['GET', '/prospects/prs_x/notes'],
      ['POST', '/webhooks'],
      ['GET', ''],
    ])('404 Not found. for %s %s', async (method, path) => {
      const answer = await call(target(), method, path, {
        token,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Not found.' });
    });

    it.each([
      ['DELETE', '/prospects', 'POST, GET'],
      ['PUT', '/prospects/{id}', 'PATCH, GET'],
      ['DELETE', '/prospects/{id}', 'PATCH, GET'],
      ['DELETE', '/prospects/prs_unknown', 'PATCH, GET'],
      ['GET', '/prospects/{id}/outcomes', 'POST'],
    ])('405 Method not allowed. with Allow for %s %s', async (method, path, allow) => {
      const answer = await call(target(), method, path.replace('{id}', prospectId), {
        token,
        ...(method === 'PUT' ? { body: { company: 'x' } } : {}),
      });
      expect(answer.status).toBe(405);
      expect(answer.body).toEqual({ message: 'Method not allowed.' });
      expect(answer.headers.get('allow')).toBe(allow);
    });

    it('accepts a trailing slash on a path', async () => {
      const answer = await call(target(), 'GET', `/prospects/${prospectId}/`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(prospectId);
    });
  });
}
