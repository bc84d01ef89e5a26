import { describe, expect, it } from 'vitest';
import { json } from '../test/fake-fetch.js';
import { errorFromResponse } from './error-from-response.js';
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  ProspectKitError,
  type ProspectKitErrorCode,
  RateLimitError,
  ServerError,
  ValidationError,
} from './prospect-kit-error.js';

describe('errorFromResponse', () => {
  it.each<[number, { want: typeof ProspectKitError; code: ProspectKitErrorCode; name: string }]>([
    [400, { want: BadRequestError, code: 'bad_request', name: 'BadRequestError' }],
    [401, { want: AuthenticationError, code: 'authentication', name: 'AuthenticationError' }],
    [403, { want: PermissionDeniedError, code: 'permission_denied', name: 'PermissionDeniedError' }],
    [404, { want: NotFoundError, code: 'not_found', name: 'NotFoundError' }],
    [408, { want: ProspectKitError, code: 'http', name: 'ProspectKitError' }],
    [409, { want: ProspectKitError, code: 'http', name: 'ProspectKitError' }],
    [413, { want: BadRequestError, code: 'bad_request', name: 'BadRequestError' }],
    [415, { want: BadRequestError, code: 'bad_request', name: 'BadRequestError' }],
    [422, { want: ValidationError, code: 'validation', name: 'ValidationError' }],
    [429, { want: RateLimitError, code: 'rate_limit', name: 'RateLimitError' }],
    [500, { want: ServerError, code: 'server', name: 'ServerError' }],
    [502, { want: ServerError, code: 'server', name: 'ServerError' }],
    [503, { want: ServerError, code: 'server', name: 'ServerError' }],
    [599, { want: ServerError, code: 'server', name: 'ServerError' }],
  ])('%i', (status, { want, code, name }) => {
    const error = errorFromResponse(
      json(status, { message: 'Server says no.' }, { 'X-Request-Id': 'req_abc' }),
      { message: 'Server says no.' },
      'GET /prospects/{id}',
    );
    expect(error).toBeInstanceOf(want);
    expect(error).toBeInstanceOf(ProspectKitError);
    expect(error).toBeInstanceOf(Error);
    expect(error.constructor).toBe(want);
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
    expect(error.status).toBe(status);
    expect(error.requestId).toBe('req_abc');
    expect(error.body).toEqual({ message: 'Server says no.' });
    expect(error.headers?.get('Content-Type')).toBe('application/json');
    expect(error.message).toMatch(
      new RegExp(`^\\[ProspectKit\\] GET /prospects/\\{id\\} failed with ${status}: Server says no\\.`),
    );
    expect(String(error)).toContain(`${name}: [ProspectKit]`);
  });

  it('gives a 422 its errors per field', () => {
    const body = {
      message: 'The company field is required. (and 1 more error)',
      errors: { company: ['The company field is required.'], 'tags.3': ['The tags.3 field is too long.'] },
    };
    const error = errorFromResponse(json(422, body), body, 'POST /prospects');
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual(body.errors);
    expect(error.message).toContain('The company field is required. (and 1 more error) See `errors`');
  });

  it('gives a 422 without errors an empty map', () => {
    const error = errorFromResponse(
      json(422, { message: 'Invalid.' }),
      { message: 'Invalid.' },
      'POST /prospects',
    );
    expect((error as ValidationError).errors).toEqual({});
  });

  it.each<[string, { header: string | undefined; want: (number | undefined)[] }]>([
    ['seconds', { header: '17', want: [17] }],
    [
      'a date rounds up to whole seconds',
      { header: new Date(Date.now() + 2_500).toUTCString(), want: [2, 3] },
    ],
    ['missing', { header: undefined, want: [undefined] }],
  ])('gives a 429 retryAfterSeconds from Retry-After: %s', (_name, { header, want }) => {
    const headers: Record<string, string> = header === undefined ? {} : { 'Retry-After': header };
    const error = errorFromResponse(
      json(429, { message: 'Too Many Attempts.' }, headers),
      {},
      'GET /prospects',
    );
    // An HTTP-date has whole-second precision, so a date 2.5 s ahead rounds to 2 or 3 seconds with the clock.
    expect(want).toContain((error as RateLimitError).retryAfterSeconds);
  });

  it('falls back to the status text when the body is not JSON', () => {
    const response = new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const error = errorFromResponse(response, '<html>Bad gateway</html>', 'GET /prospects');
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toContain('failed with 502: Bad Gateway');
    expect(error.body).toBe('<html>Bad gateway</html>');
    expect(error.requestId).toBeUndefined();
  });
});
