import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  buildWebhookEvent,
  type CryptoProvider,
  signWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from '../src/index.js';

interface Vector {
  name: string;
  secret: string;
  timestampSeconds: number;
  bodyFile: string;
  signature: string;
  expect: 'ok' | WebhookVerificationErrorCode;
}

const fixtures = new URL('./fixtures/', import.meta.url);
const { vectors } = JSON.parse(readFileSync(new URL('vectors.json', fixtures), 'utf8')) as {
  vectors: Vector[];
};
const bodyOf = (vector: Vector) => new Uint8Array(readFileSync(new URL(vector.bodyFile, fixtures)));

export const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';
const OTHER_SECRET = 'whk_Zq8Wn4Lp1Tx7Rk2Vm9Hc5Bd3Gf6Js0Ya';
const NOW = 1732240000;
const EVENT_ID = 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQR';

const encoder = new TextEncoder();

/** Resolves to the error code, or `'ok'` when verification passes. */
async function outcomeOf(options: VerifyWebhookOptions): Promise<string> {
  try {
    await verifyWebhook(options);
    return 'ok';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.code;
    if (error instanceof RangeError) return 'RangeError';
    throw error;
  }
}

function flipBit(bytes: Uint8Array, index: number): Uint8Array {
  const copy = bytes.slice();
  copy[index] = (copy[index] as number) ^ 1;
  return copy;
}

/**
 * The whole verification suite, run once per {@link CryptoProvider} so that both crypto paths keep every rule.
 */
export function verifyWebhookSuite(cryptoProvider: CryptoProvider): void {
  const sign = (body: string | Uint8Array, secret = SECRET, timestampSeconds = NOW) =>
    signWebhook({ secret, body, timestampSeconds, cryptoProvider });

  describe('known-answer vectors computed with openssl dgst -sha256 -hmac', () => {
    it.each(vectors.map((vector) => [vector.name, vector] as const))('%s', async (_name, vector) => {
      const body = bodyOf(vector);
      const signed = await signWebhook({
        secret: vector.secret,
        body,
        timestampSeconds: vector.timestampSeconds,
        cryptoProvider,
      });
      expect(signed).toEqual({
        'Service-Timestamp': String(vector.timestampSeconds),
        'Service-Signature': vector.signature,
      });
      const headers = {
        'Service-Event-ID': EVENT_ID.replace(
          /R$/,
          vector.name === 'non-ascii' ? 'S' : vector.name === 'crlf-pretty' ? 'T' : 'R',
        ),
        'Service-Timestamp': String(vector.timestampSeconds),
        'Service-Signature': vector.signature,
      };
      // Every accepted body shape gives the same answer, and so does the list form of the secret.
      for (const shape of [
        body,
        body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength),
        Buffer.from(body),
      ]) {
        const options = {
          body: shape,
          headers,
          secret: [OTHER_SECRET, vector.secret].filter((s, i, all) => all.indexOf(s) === i),
          nowSeconds: vector.timestampSeconds,
          cryptoProvider,
        };
        expect(await outcomeOf(options)).toBe(vector.expect);
      }
    });
  });

  describe('cross-check against the stripe-node test signer (same timestamp.body message, whole secret as key)', () => {
    const stripe = new Stripe('sk_test_cross_check');
    const bodies = [
      ...vectors
        .filter((vector) => vector.expect === 'ok')
        .map((vector) => new TextDecoder().decode(bodyOf(vector))),
      JSON.stringify(buildWebhookEvent('opportunity.won')),
      '',
      '{"a":"\u{1F600} \u00e9"}',
    ];
    it.each(bodies.map((body, i) => [i, body] as const))('body %i', async (_i, body) => {
      for (const timestamp of [NOW, 1, 999999999999]) {
        const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp });
        const stripeHex = /(?:^|,)v1=([0-9a-f]{64})(?:,|$)/.exec(header)?.[1];
        const ours = await sign(body, SECRET, timestamp);
        expect(ours['Service-Signature']).toBe(`v1=${stripeHex}`);
      }
    });
  });

  describe('the table of requests', async () => {
    const event = buildWebhookEvent('prospect.created', { id: EVENT_ID });
    const body = JSON.stringify(event);
    const bytes = encoder.encode(body);
    const { 'Service-Signature': signature } = await sign(body);
    const { 'Service-Signature': rotatedSignature } = await sign(body, OTHER_SECRET);
    const hex = signature.slice(3);
    const headers = {
      'Service-Event-ID': EVENT_ID,
      'Service-Timestamp': String(NOW),
      'Service-Signature': signature,
    };
    const base: VerifyWebhookOptions = { body, headers, secret: SECRET, nowSeconds: NOW, cryptoProvider };
    const withHeaders = (changes: Record<string, string | undefined>) => {
      const next: Record<string, string> = {};
      for (const [name, value] of Object.entries({ ...headers, ...changes }))
        if (value !== undefined) next[name] = value;
      return { ...base, headers: next };
    };
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    const bomSigned = (await sign(bom))['Service-Signature'];
    const empty = (await sign(''))['Service-Signature'];
    const other = buildWebhookEvent('prospect.created', { id: 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQZ' });
    const otherBody = JSON.stringify(other);
    const otherSignature = (await sign(otherBody))['Service-Signature'];

    const table: [
      string,
      { given: () => VerifyWebhookOptions | Promise<VerifyWebhookOptions>; want: string },
    ][] = [
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
      ['300 s old (the edge)', { given: () => ({ ...base, nowSeconds: NOW + 300 }), want: 'ok' }],
      ['300 s ahead (the edge)', { given: () => ({ ...base, nowSeconds: NOW - 300 }), want: 'ok' }],
      [
        '301 s old',
        { given: () => ({ ...base, nowSeconds: NOW + 301 }), want: 'timestamp_outside_tolerance' },
      ],
      [
        '301 s ahead',
        { given: () => ({ ...base, nowSeconds: NOW - 301 }), want: 'timestamp_outside_tolerance' },
      ],
      [
        '61 s old with toleranceSeconds 60',
        {
          given: () => ({ ...base, nowSeconds: NOW + 61, toleranceSeconds: 60 }),
          want: 'timestamp_outside_tolerance',
        },
      ],
      [
        'toleranceSeconds 0 (never "skip")',
        { given: () => ({ ...base, nowSeconds: NOW + 86400, toleranceSeconds: 0 }), want: 'RangeError' },
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

    it.each(table)('%s', async (_name, { given, want }) => {
      const options = await given();
      expect(await outcomeOf(options)).toBe(want);
    });

    it('never puts a secret or the body in an error message', async () => {
      for (const [, { given, want }] of table) {
        if (want === 'ok' || want === 'RangeError') continue;
        const options = await given();
        const error = await verifyWebhook(options).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(WebhookVerificationError);
        const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
        for (const secret of [SECRET, OTHER_SECRET, SECRET.slice(4), OTHER_SECRET.slice(4)])
          expect(text).not.toContain(secret);
        expect(text).not.toContain(event.data.company);
        expect(text).not.toContain(EVENT_ID.slice(4));
        expect((error as Error).cause).toBeUndefined();
      }
    });
  });

  describe('property: any change to body, timestamp or signature is rejected', () => {
    const envelope = fc.record({
      id: fc.stringMatching(/^evt_[0-9A-Z]{26}$/),
      company: fc.string({ unit: 'grapheme', maxLength: 200 }),
      contact_email: fc.option(fc.emailAddress(), { nil: null }),
    });
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('flip-body-bit' as const),
        at: fc.nat(),
        bit: fc.integer({ min: 0, max: 7 }),
      }),
      fc.record({
        kind: fc.constant('insert-body-byte' as const),
        at: fc.nat(),
        byte: fc.integer({ min: 0, max: 255 }),
      }),
      fc.record({ kind: fc.constant('delete-body-byte' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('shift-timestamp' as const),
        by: fc.integer({ min: -300, max: 300 }).filter((n) => n !== 0),
      }),
      fc.record({
        kind: fc.constant('change-signature-hex' as const),
        at: fc.integer({ min: 0, max: 63 }),
        to: fc.integer({ min: 1, max: 15 }),
      }),
    );

    it('passes unchanged and fails with no_matching_signature after one change', async () => {
      await fc.assert(
        fc.asyncProperty(envelope, mutation, async (fields, change) => {
          const event = buildWebhookEvent('prospect.created', {
            id: fields.id,
            data: { company: fields.company, contact_email: fields.contact_email },
          });
          let body = encoder.encode(JSON.stringify(event));
          const signed = await sign(body);
          let timestamp = signed['Service-Timestamp'];
          let signature = signed['Service-Signature'];
          const verify = () =>
            outcomeOf({
              body,
              headers: {
                'Service-Event-ID': fields.id,
                'Service-Timestamp': timestamp,
                'Service-Signature': signature,
              },
              secret: SECRET,
              nowSeconds: NOW,
              cryptoProvider,
            });
          expect(await verify()).toBe('ok');
          switch (change.kind) {
            case 'flip-body-bit': {
              const at = change.at % body.length;
              body = body.slice();
              body[at] = (body[at] as number) ^ (1 << change.bit);
              break;
            }
            case 'insert-body-byte': {
              const at = change.at % (body.length + 1);
              body = new Uint8Array([...body.subarray(0, at), change.byte, ...body.subarray(at)]);
              break;
            }
            case 'delete-body-byte': {
              const at = change.at % body.length;
              body = new Uint8Array([...body.subarray(0, at), ...body.subarray(at + 1)]);
              break;
            }
            case 'shift-timestamp':
              timestamp = String(NOW + change.by);
              break;
            case 'change-signature-hex': {
              const hex = signature.slice(3);
              const digit = ((Number.parseInt(hex[change.at] as string, 16) + change.to) % 16).toString(16);
              signature = `v1=${hex.slice(0, change.at)}${digit}${hex.slice(change.at + 1)}`;
              break;
            }
          }
          expect(await verify()).toBe('no_matching_signature');
        }),
        { numRuns: 300 },
      );
    });
  });
}
