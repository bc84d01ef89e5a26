import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  buildWebhookEvent,
  type CryptoProvider,
  signWebhook,
  type WebhookVerificationErrorCode,
} from '../src/index.js';
import {
  clockAt,
  EVENT_ID,
  NOW,
  OTHER_SECRET,
  outcomeOf,
  SECRET,
  signerFor,
} from './verify-suite-fixtures.js';

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

/** The known-answer vectors (shared by every language) and a cross-check against stripe-node's signer. */
export function knownAnswerSuite(cryptoProvider: CryptoProvider): void {
  const sign = signerFor(cryptoProvider);

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
          clock: clockAt(vector.timestampSeconds),
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
}
