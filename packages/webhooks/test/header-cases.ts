import { clockAt, NOW, type RequestCase, type RequestFixture } from './verify-suite-fixtures.js';

/**
 * Rows of the table of requests about the headers: their shapes, the timestamp window and its tolerance, the
 * signature entries, and missing headers.
 */
export function headerCases(f: RequestFixture): RequestCase[] {
  const { base, headers, withHeaders, hex, signature, bytes } = f;
  return [
    ['a valid request', { given: () => base, want: 'ok' }],
    [
      'bytes, as express.raw() gives them',
      { given: () => ({ ...base, body: Buffer.from(bytes) }), want: 'ok' },
    ],
    [
      'an ArrayBuffer, as request.arrayBuffer() gives it',
      { given: () => ({ ...base, body: bytes.slice().buffer }), want: 'ok' },
    ],
    ['a fetch Headers object', { given: () => ({ ...base, headers: new Headers(headers) }), want: 'ok' }],
    [
      'lower-case header names, as Node gives them',
      {
        given: () => ({
          ...base,
          headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
        }),
        want: 'ok',
      },
    ],
    [
      'upper-case header names',
      {
        given: () => ({
          ...base,
          headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v])),
        }),
        want: 'ok',
      },
    ],
    ['300 s old (the edge)', { given: () => ({ ...base, clock: clockAt(NOW + 300) }), want: 'ok' }],
    ['300 s ahead (the edge)', { given: () => ({ ...base, clock: clockAt(NOW - 300) }), want: 'ok' }],
    [
      '301 s old',
      { given: () => ({ ...base, clock: clockAt(NOW + 301) }), want: 'timestamp_outside_tolerance' },
    ],
    [
      '301 s ahead',
      { given: () => ({ ...base, clock: clockAt(NOW - 301) }), want: 'timestamp_outside_tolerance' },
    ],
    [
      '61 s old with toleranceSeconds 60',
      {
        given: () => ({ ...base, clock: clockAt(NOW + 61), toleranceSeconds: 60 }),
        want: 'timestamp_outside_tolerance',
      },
    ],
    [
      'toleranceSeconds 0 (never "skip")',
      { given: () => ({ ...base, clock: clockAt(NOW + 86400), toleranceSeconds: 0 }), want: 'RangeError' },
    ],
    ['negative toleranceSeconds', { given: () => ({ ...base, toleranceSeconds: -1 }), want: 'RangeError' }],
    [
      'toleranceSeconds NaN',
      { given: () => ({ ...base, toleranceSeconds: Number.NaN }), want: 'RangeError' },
    ],
    [
      'toleranceSeconds Infinity',
      { given: () => ({ ...base, toleranceSeconds: Number.POSITIVE_INFINITY }), want: 'RangeError' },
    ],
    [
      'uppercase hex',
      {
        given: () => withHeaders({ 'Service-Signature': `v1=${hex.toUpperCase()}` }),
        want: 'malformed_header',
      },
    ],
    [
      'non-hex',
      {
        given: () => withHeaders({ 'Service-Signature': `v1=${'g'.repeat(64)}` }),
        want: 'malformed_header',
      },
    ],
    [
      '63 hex characters',
      { given: () => withHeaders({ 'Service-Signature': `v1=${hex.slice(1)}` }), want: 'malformed_header' },
    ],
    [
      '65 hex characters',
      { given: () => withHeaders({ 'Service-Signature': `v1=${hex}0` }), want: 'malformed_header' },
    ],
    ['no v1= prefix', { given: () => withHeaders({ 'Service-Signature': hex }), want: 'malformed_header' }],
    [
      'a v0= entry',
      { given: () => withHeaders({ 'Service-Signature': `v0=${hex}` }), want: 'malformed_header' },
    ],
    [
      'non-ASCII in the signature',
      {
        given: () => withHeaders({ 'Service-Signature': `v1=${hex.slice(0, 63)}é` }),
        want: 'malformed_header',
      },
    ],
    [
      'non-ASCII digits in the timestamp',
      { given: () => withHeaders({ 'Service-Timestamp': '١٧٣٢٢٤٠٠٠٠' }), want: 'malformed_timestamp' },
    ],
    [
      'a negative timestamp',
      { given: () => withHeaders({ 'Service-Timestamp': `-${NOW}` }), want: 'malformed_timestamp' },
    ],
    [
      'a fractional timestamp',
      { given: () => withHeaders({ 'Service-Timestamp': `${NOW}.5` }), want: 'malformed_timestamp' },
    ],
    [
      'a timestamp in milliseconds (13 digits)',
      { given: () => withHeaders({ 'Service-Timestamp': `${NOW}000` }), want: 'malformed_timestamp' },
    ],
    [
      'a timestamp with white space',
      { given: () => withHeaders({ 'Service-Timestamp': ` ${NOW}` }), want: 'malformed_timestamp' },
    ],
    [
      'several signatures, one valid (comma)',
      {
        given: () => withHeaders({ 'Service-Signature': `v1=${'0'.repeat(64)},${signature}` }),
        want: 'ok',
      },
    ],
    [
      'several signatures, one valid (space)',
      {
        given: () => withHeaders({ 'Service-Signature': `${signature} v1=${'1'.repeat(64)}` }),
        want: 'ok',
      },
    ],
    [
      'several signatures, one valid (comma and space)',
      {
        given: () => withHeaders({ 'Service-Signature': `v1=${'2'.repeat(64)}, ${signature}` }),
        want: 'ok',
      },
    ],
    [
      'several signatures, none valid',
      {
        given: () => withHeaders({ 'Service-Signature': `v1=${'0'.repeat(64)} v1=${'1'.repeat(64)}` }),
        want: 'no_matching_signature',
      },
    ],
    [
      'several signatures, one malformed',
      {
        given: () => withHeaders({ 'Service-Signature': `${signature},v1=XYZ` }),
        want: 'malformed_header',
      },
    ],
    [
      'a repeated header (Node array)',
      {
        given: () => ({
          ...base,
          headers: { ...headers, 'Service-Signature': [`v1=${'0'.repeat(64)}`, signature] },
        }),
        want: 'ok',
      },
    ],
    [
      'missing Service-Event-ID',
      { given: () => withHeaders({ 'Service-Event-ID': undefined }), want: 'missing_header' },
    ],
    [
      'missing Service-Timestamp',
      { given: () => withHeaders({ 'Service-Timestamp': undefined }), want: 'missing_header' },
    ],
    [
      'missing Service-Signature',
      { given: () => withHeaders({ 'Service-Signature': undefined }), want: 'missing_header' },
    ],
    [
      'empty Service-Signature',
      { given: () => withHeaders({ 'Service-Signature': '' }), want: 'missing_header' },
    ],
  ];
}
