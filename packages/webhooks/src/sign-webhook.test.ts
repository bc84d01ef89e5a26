import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNodeCryptoProvider } from './node-crypto-provider.js';
import { signWebhook, signWebhookSync } from './sign-webhook.js';
import { createWebCryptoProvider } from './web-crypto-provider.js';

const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';

/** The known-answer vectors of test/fixtures, computed with `openssl dgst -sha256 -hmac` (make-vectors.sh). */
const fixtures = new URL('../test/fixtures/', import.meta.url);
const vectors = (
  JSON.parse(readFileSync(new URL('vectors.json', fixtures), 'utf8')) as {
    vectors: Array<{
      name: string;
      secret: string;
      timestampSeconds: number;
      bodyFile: string;
      signature: string;
    }>;
  }
).vectors.map((vector) => ({
  ...vector,
  body: new Uint8Array(readFileSync(new URL(vector.bodyFile, fixtures))),
}));

describe.each([
  ['signWebhook', signWebhook],
  ['signWebhookSync', signWebhookSync],
] as const)('%s', (_name, sign) => {
  it.each(vectors.map((vector) => [vector.name, vector] as const))(
    'signs known-answer vector %s as OpenSSL does',
    async (_vector, { secret, body, timestampSeconds, signature }) => {
      expect(await sign({ secret, body, timestampSeconds })).toEqual({
        'Service-Timestamp': String(timestampSeconds),
        'Service-Signature': signature,
      });
    },
  );

  it('signs string and byte bodies alike, with the current time by default', async () => {
    const before = Math.floor(Date.now() / 1000);
    const fromString = await sign({ secret: SECRET, body: '{"a":"é"}' });
    const fromBytes = await sign({
      secret: SECRET,
      body: new TextEncoder().encode('{"a":"é"}'),
      timestampSeconds: Number(fromString['Service-Timestamp']),
    });
    expect(fromBytes).toEqual(fromString);
    expect(Number(fromString['Service-Timestamp'])).toBeGreaterThanOrEqual(before);
    expect(fromString['Service-Signature']).toMatch(/^v1=[0-9a-f]{64}$/);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 53])('refuses timestampSeconds %s', async (timestampSeconds) => {
    await expect(async () => sign({ secret: SECRET, body: '', timestampSeconds })).rejects.toThrow(
      RangeError,
    );
  });

  it('refuses a secret without whk_', async () => {
    await expect(async () => sign({ secret: 'abc', body: '' })).rejects.toMatchObject({
      code: 'invalid_secret',
    });
  });
});

describe('signWebhookSync', () => {
  it.each([
    ['whk_0123456789abcdefghijABCDEFGHIJKL', '{"id":"evt_1","event":"prospect.created"}', 1_732_240_000],
    ['whk_x', '', 0],
    ['whk_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4', '{"company":"Zürich Ärzte 東京 🚀"}', 1_795_000_000],
  ])(
    'returns what signWebhook resolves to, on either provider (%s)',
    async (secret, body, timestampSeconds) => {
      const signed = signWebhookSync({ secret, body, timestampSeconds });
      expect(signed).not.toBeInstanceOf(Promise);
      expect(signed).toEqual(
        await signWebhook({ secret, body, timestampSeconds, cryptoProvider: createWebCryptoProvider() }),
      );
      expect(
        signWebhookSync({ secret, body, timestampSeconds, cryptoProvider: createNodeCryptoProvider() }),
      ).toEqual(signed);
    },
  );

  it('refuses a provider that answers with a promise, and says what to use instead', () => {
    expect(() =>
      signWebhookSync({ secret: SECRET, body: '', cryptoProvider: createWebCryptoProvider() }),
    ).toThrow(/returns a promise\. Use await signWebhook/);
  });
});
