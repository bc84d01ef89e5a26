import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, readJsonBody } from './read-json-body.js';

const request = (body: string | Uint8Array<ArrayBuffer>, contentType?: string) =>
  new Request('http://api.test/api/v1/prospects', {
    method: 'POST',
    body,
    headers: contentType === undefined ? {} : { 'Content-Type': contentType },
  });

describe('readJsonBody', () => {
  it.each<[string, { given: Request; want: unknown }]>([
    ['a JSON object', { given: request('{"a":1}', 'application/json'), want: { ok: true, body: { a: 1 } } }],
    [
      'any JSON value',
      { given: request('[1]', 'application/json; charset=utf-8'), want: { ok: true, body: [1] } },
    ],
    ['an empty body as {}', { given: request('', 'application/json'), want: { ok: true, body: {} } }],
    [
      'a UTF-16 charset',
      { given: request('{}', 'application/json; charset=UTF-16'), want: { ok: true, body: {} } },
    ],
    [
      'no Content-Type',
      {
        given: request(new TextEncoder().encode('{}')),
        want: { ok: false, status: 415, message: 'The request body must be sent as application/json.' },
      },
    ],
    [
      'a JSON-like media type',
      {
        given: request('{}', 'application/problem+json'),
        want: { ok: false, status: 415, message: 'The request body must be sent as application/json.' },
      },
    ],
    [
      'a latin1 charset',
      {
        given: request('{}', 'application/json; charset=latin1'),
        want: { ok: false, status: 415, message: 'The request body must be UTF-8 encoded application/json.' },
      },
    ],
    [
      'white space only',
      {
        given: request(' ', 'application/json'),
        want: { ok: false, status: 400, message: 'The request body is not valid JSON.' },
      },
    ],
    [
      'one byte over 1 MiB',
      {
        given: request(`"${'x'.repeat(MAX_BODY_BYTES - 1)}"`, 'application/json'),
        want: { ok: false, status: 413, message: 'The request body is larger than 1 MiB.' },
      },
    ],
  ])('%s', async (_name, { given, want }) => {
    expect(await readJsonBody(given)).toEqual(want);
  });

  it('accepts exactly 1 MiB', async () => {
    const answer = await readJsonBody(request(`"${'x'.repeat(MAX_BODY_BYTES - 2)}"`, 'application/json'));
    expect(answer.ok).toBe(true);
  });
});
