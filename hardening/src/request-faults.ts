import fc from 'fast-check';

// Faults injected before validation, along the contract's order of checks: authentication, media type, ids.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const ulid = fc
  .array(fc.constantFrom(...CROCKFORD.split('')), { minLength: 26, maxLength: 26 })
  .map((chars) => `0${chars.slice(1).join('')}`);

/** How a request's `Authorization` can fail: 401, or 403 for a token lacking the ability. */
export const AUTH_FAULTS = [
  'missing',
  'malformed',
  'basic',
  'unknown',
  'expired',
  'revoked',
  'lacking',
] as const;
/** Content types that are not JSON (415). */
export const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/jsonx',
  'multipart/form-data; boundary=x',
  'application/json-patch+json',
  'text/json',
  'application/json; charset=latin1',
  '',
];
/** Spellings of the JSON content type that must be accepted. */
export const GOOD_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=UTF-8',
];

/** Prospect ids that match no prospect (404): unknown ULIDs, lower case, junk, traversal, over-long. */
export const malformedId = fc.oneof(
  ulid.map((u) => `prs_${u}`),
  ulid.map((u) => `prs_${u.toLowerCase()}`),
  fc.string({ minLength: 1, maxLength: 80 }),
  fc.constantFrom(
    '..',
    '.',
    '%00',
    'prs_',
    'null',
    'undefined',
    '0',
    '-1',
    "' or 1=1 --",
    'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR/../x',
  ),
  fc.string({ minLength: 65, maxLength: 300 }),
);
