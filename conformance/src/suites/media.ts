import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { validationBody } from '../matchers.js';

const NOT_JSON = { message: 'The request body must be sent as application/json.' };
const MALFORMED = { message: 'The request body is not valid JSON.' };
const TOO_LARGE = { message: 'The request body is larger than 1 MiB.' };

/** 415, 413 and 400 (check 4), before the prospect (404) and validation (422). */
export function mediaSuite(target: TargetRef): void {
  describe('request body media', () => {
    let token: string;
    let prospectId: string;
    beforeAll(async () => {
      token = await (await target().workspace()).token();
      prospectId = (await call(target(), 'POST', '/prospects', { token, body: { company: 'Acme' } })).body.id;
    });
    const targets = () => [
      ['POST', '/prospects'],
      ['PATCH', `/prospects/${prospectId}`],
      ['POST', `/prospects/${prospectId}/outcomes`],
    ];

    it('415 without a Content-Type', async () => {
      for (const [method, path] of targets()) {
        const answer = await call(target(), method as string, path as string, {
          token,
          rawBody: new TextEncoder().encode('{"company":"Acme"}'),
        });
        expect([method, answer.status, answer.body]).toEqual([method, 415, NOT_JSON]);
      }
    });

    it.each([
      ['text/plain', { 'Content-Type': 'text/plain' }],
      ['application/x-www-form-urlencoded', { 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['application/vnd.api+json', { 'Content-Type': 'application/vnd.api+json' }],
    ])('415 for %s', async (_name, headers) => {
      for (const [method, path] of targets()) {
        const answer = await call(target(), method as string, path as string, {
          token,
          rawBody: '{"company":"Acme"}',
          headers,
        });
        expect([method, answer.status, answer.body]).toEqual([method, 415, NOT_JSON]);
      }
    });

    it('415 for a charset other than UTF-8', async () => {
      const answer = await call(target(), 'POST', '/prospects', {
        token,
        rawBody: '{"company":"Acme"}',
        headers: { 'Content-Type': 'application/json; charset=latin1' },
      });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ message: 'The request body must be UTF-8 encoded application/json.' });
    });

    it('accepts application/json in any case, with a UTF-8 charset', async () => {
      const answer = await call(target(), 'POST', '/prospects', {
        token,
        rawBody: '{"company":"Acme"}',
        headers: { 'Content-Type': 'Application/JSON; charset=UTF-8' },
      });
      expect(answer.status).toBe(201);
    });

    it.each([
      ['truncated JSON', '{"company":'],
      ['a bare word', 'company'],
      ['white space only', '   '],
      ['a trailing comma', '{"company":"Acme",}'],
    ])('400 for %s', async (_name, rawBody) => {
      for (const [method, path] of targets()) {
        const answer = await call(target(), method as string, path as string, {
          token,
          rawBody,
          headers: { 'Content-Type': 'application/json' },
        });
        expect([method, answer.status, answer.body]).toEqual([method, 400, MALFORMED]);
      }
    });

    it('413 for a body over 1 MiB, before parsing it', async () => {
      const rawBody = `{"company":"Acme","notes":"${'x'.repeat(1024 * 1024)}"`;
      for (const [method, path] of targets()) {
        const answer = await call(target(), method as string, path as string, {
          token,
          rawBody,
          headers: { 'Content-Type': 'application/json' },
        });
        expect([method, answer.status, answer.body]).toEqual([method, 413, TOO_LARGE]);
      }
    });

    it('reads an empty body as {}', async () => {
      const headers = { 'Content-Type': 'application/json' };
      const create = await call(target(), 'POST', '/prospects', { token, rawBody: '', headers });
      expect([create.status, create.body]).toEqual([
        422,
        validationBody({ company: ['The company field is required.'] }),
      ]);
      const update = await call(target(), 'PATCH', `/prospects/${prospectId}`, {
        token,
        rawBody: '',
        headers,
      });
      expect(update.status).toBe(200);
    });

    it.each([
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"Acme"'],
      ['a number', '42'],
    ])('422 for a JSON body that is %s', async (_name, rawBody) => {
      const answer = await call(target(), 'POST', '/prospects', {
        token,
        rawBody,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(validationBody({ body: ['The body field must be an object.'] }));
    });

    it('checks the media before the prospect: 415 and 400 for an unknown prospect', async () => {
      const plain = await call(target(), 'PATCH', '/prospects/prs_unknown', {
        token,
        rawBody: '{}',
        headers: { 'Content-Type': 'text/plain' },
      });
      expect([plain.status, plain.body]).toEqual([415, NOT_JSON]);
      const broken = await call(target(), 'POST', '/prospects/prs_unknown/outcomes', {
        token,
        rawBody: '{',
        headers: { 'Content-Type': 'application/json' },
      });
      expect([broken.status, broken.body]).toEqual([400, MALFORMED]);
    });

    it('checks the media of any POST, PATCH or PUT, even on an unknown path', async () => {
      const answer = await call(target(), 'POST', '/campaigns', {
        token,
        rawBody: 'x',
        headers: { 'Content-Type': 'text/plain' },
      });
      expect([answer.status, answer.body]).toEqual([415, NOT_JSON]);
    });

    it('ignores the body of a GET', async () => {
      const answer = await call(target(), 'GET', `/prospects/${prospectId}`, {
        token,
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(answer.status).toBe(200);
    });
  });
}
