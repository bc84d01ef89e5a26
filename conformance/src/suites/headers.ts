import { API_VERSION } from '@prospectkit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call } from '../call.js';
import { requiredHeaders } from '../contract-headers.js';
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
      ['404 of a path outside the contract', () => call(target(), 'GET', '/campaigns', { token })],
      ['405', () => call(target(), 'DELETE', '/prospects', { token })],
    ])(
      'a %s carries API-Version, X-Request-Id, X-RateLimit-Limit and X-RateLimit-Remaining, as JSON',
      async (_status, send) => {
        const answer = await send();
        // The contract's version, which is the server's (docs/versioning.md).
        expect(answer.headers.get('api-version')).toBe(API_VERSION);
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

    // On every answer of every operation (openapi.yaml `components.headers`, `required: true`).
    const RATE_LIMITED = ['API-Version', 'X-RateLimit-Limit', 'X-Request-Id'];
    it.each<[string, number, string[], () => Promise<Answer>]>([
      ['listProspects', 200, RATE_LIMITED, () => call(target(), 'GET', '/prospects', { token })],
      ['listProspects', 422, RATE_LIMITED, () => call(target(), 'GET', '/prospects?page=0', { token })],
      [
        'listProspects',
        401,
        ['WWW-Authenticate', ...RATE_LIMITED],
        () => call(target(), 'GET', '/prospects', {}),
      ],
      [
        'createProspect',
        201,
        ['Location', ...RATE_LIMITED],
        () => call(target(), 'POST', '/prospects', { token, body: { company: 'Acme' } }),
      ],
      [
        'createProspect',
        400,
        RATE_LIMITED,
        () =>
          call(target(), 'POST', '/prospects', {
            token,
            rawBody: '{',
            headers: { 'Content-Type': 'application/json' },
          }),
      ],
      [
        'createProspect',
        415,
        RATE_LIMITED,
        () =>
          call(target(), 'POST', '/prospects', {
            token,
            rawBody: 'x',
            headers: { 'Content-Type': 'text/plain' },
          }),
      ],
      ['getProspect', 200, RATE_LIMITED, () => call(target(), 'GET', `/prospects/${prospectId}`, { token })],
      ['getProspect', 404, RATE_LIMITED, () => call(target(), 'GET', '/prospects/prs_unknown', { token })],
      [
        'updateProspect',
        403,
        RATE_LIMITED,
        async () =>
          call(target(), 'PATCH', `/prospects/${prospectId}`, {
            token: await (await target().workspace()).token(['prospects:read']),
            body: {},
          }),
      ],
      [
        'recordOutcome',
        201,
        RATE_LIMITED,
        () =>
          call(target(), 'POST', `/prospects/${prospectId}/outcomes`, { token, body: { outcome: 'Won' } }),
      ],
    ])(
      '%s %i: the contract requires %j, and the answer carries them',
      async (operationId, status, names, send) => {
        expect(requiredHeaders(operationId, status).sort()).toEqual([...names].sort());
        const answer = await send();
        expect(answer.status).toBe(status);
        for (const name of names) expect([name, answer.headers.has(name)]).toEqual([name, true]);
      },
    );

    it.each([
      ['DELETE', '/prospects', 'POST, HEAD, GET'],
      ['PUT', '/prospects/{id}', 'PATCH, HEAD, GET'],
      ['DELETE', '/prospects/{id}', 'PATCH, HEAD, GET'],
      ['DELETE', '/prospects/prs_unknown', 'PATCH, HEAD, GET'],
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

    it.each([
      ['a list', () => '/prospects?per_page=1', 200],
      ['a prospect', () => `/prospects/${prospectId}`, 200],
      ['an unknown prospect', () => '/prospects/prs_unknown', 404],
      ['an invalid page', () => '/prospects?page=0', 422],
    ])(
      'answers HEAD of %s like GET, without a body (RFC 9110 section 9.3.2)',
      async (_name, path, status) => {
        const get = await call(target(), 'GET', path(), { token });
        const head = await call(target(), 'HEAD', path(), { token });
        expect([head.status, head.body]).toEqual([status, undefined]);
        expect(get.status).toBe(status);
        for (const name of ['content-type', 'x-ratelimit-limit'])
          expect([name, head.headers.get(name)]).toEqual([name, get.headers.get(name)]);
        expect(head.headers.get('x-request-id')).toMatch(GENERATED_REQUEST_ID);
      },
    );

    it('checks authentication and the ability on HEAD as on GET', async () => {
      const anonymous = await call(target(), 'HEAD', '/prospects');
      expect([anonymous.status, anonymous.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
      const writer = await (await target().workspace()).token(['prospects:write']);
      const refused = await call(target(), 'HEAD', '/prospects', { token: writer });
      expect([refused.status, refused.body]).toEqual([403, undefined]);
    });

    it('accepts a trailing slash on a path', async () => {
      const answer = await call(target(), 'GET', `/prospects/${prospectId}/`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(prospectId);
    });
  });
}
