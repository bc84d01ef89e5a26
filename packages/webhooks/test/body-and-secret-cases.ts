import {
  flipBit,
  OTHER_SECRET,
  type RequestCase,
  type RequestFixture,
  SECRET,
} from './verify-suite-fixtures.js';

/**
 * Rows of the table of requests about the body and the secrets: empty, BOM, changed or parsed bodies, secret
 * rotation on either side, an event id that does not match, and malformed secrets.
 */
export function bodyAndSecretCases(f: RequestFixture): RequestCase[] {
  const { base, withHeaders, hex, signature, rotatedSignature, bytes, bom, bomSigned, empty, event } = f;
  const { otherBody, otherSignature } = f;
  return [
    [
      'an empty body, signed',
      { given: () => ({ ...withHeaders({ 'Service-Signature': empty }), body: '' }), want: 'invalid_body' },
    ],
    [
      'an empty body, signature of another',
      { given: () => ({ ...base, body: '' }), want: 'no_matching_signature' },
    ],
    ['a BOM added after signing', { given: () => ({ ...base, body: bom }), want: 'no_matching_signature' }],
    [
      'a BOM that was signed',
      {
        given: () => ({ ...withHeaders({ 'Service-Signature': bomSigned }), body: bom }),
        want: 'invalid_body',
      },
    ],
    [
      'one flipped byte in the body',
      { given: () => ({ ...base, body: flipBit(bytes, 40) }), want: 'no_matching_signature' },
    ],
    [
      'one flipped bit in the signature',
      {
        given: () =>
          withHeaders({
            'Service-Signature': `v1=${hex.slice(0, 10)}${hex[10] === '0' ? '1' : '0'}${hex.slice(11)}`,
          }),
        want: 'no_matching_signature',
      },
    ],
    [
      're-serialized JSON (white space changed)',
      { given: () => ({ ...base, body: JSON.stringify(event, null, 2) }), want: 'no_matching_signature' },
    ],
    ['wrong secret', { given: () => ({ ...base, secret: OTHER_SECRET }), want: 'no_matching_signature' }],
    [
      'rotated secrets, signed with the new one',
      {
        given: () => ({
          ...withHeaders({ 'Service-Signature': rotatedSignature }),
          secret: [SECRET, OTHER_SECRET],
        }),
        want: 'ok',
      },
    ],
    [
      'rotated secrets, signed with the old one',
      { given: () => ({ ...base, secret: [OTHER_SECRET, SECRET] }), want: 'ok' },
    ],
    [
      'rotated secrets, signed with neither',
      {
        given: () => ({ ...base, secret: [OTHER_SECRET, 'whk_retired0000000000000000000000000'] }),
        want: 'no_matching_signature',
      },
    ],
    [
      'sender-side rotation: both signatures sent',
      {
        given: () => ({
          ...withHeaders({ 'Service-Signature': `${rotatedSignature},${signature}` }),
          secret: OTHER_SECRET,
        }),
        want: 'ok',
      },
    ],
    [
      'id mismatch',
      {
        given: () => withHeaders({ 'Service-Event-ID': 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQZ' }),
        want: 'event_id_mismatch',
      },
    ],
    [
      'a signed body of another event with this id header',
      {
        given: () => ({ ...withHeaders({ 'Service-Signature': otherSignature }), body: otherBody }),
        want: 'event_id_mismatch',
      },
    ],
    [
      'a parsed object',
      { given: () => ({ ...base, body: event as unknown as string }), want: 'invalid_body' },
    ],
    [
      'null as the body',
      { given: () => ({ ...base, body: null as unknown as string }), want: 'invalid_body' },
    ],
    [
      'a secret without whk_',
      { given: () => ({ ...base, secret: SECRET.slice(4) }), want: 'invalid_secret' },
    ],
    [
      'a secret with a trailing newline',
      { given: () => ({ ...base, secret: `${SECRET}\n` }), want: 'invalid_secret' },
    ],
    ['an empty list of secrets', { given: () => ({ ...base, secret: [] }), want: 'invalid_secret' }],
    [
      'a list with one bad secret',
      { given: () => ({ ...base, secret: [SECRET, 'sk_live_x'] }), want: 'invalid_secret' },
    ],
  ];
}
