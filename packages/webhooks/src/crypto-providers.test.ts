import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { defaultCryptoProvider } from './default-crypto-provider.js';
import { createNodeCryptoProvider } from './node-crypto-provider.js';
import { signWebhookSync } from './sign-webhook.js';
import { verifyWebhook } from './verify-webhook.js';
import { createWebCryptoProvider } from './web-crypto-provider.js';

const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe.each([
  ['node', createNodeCryptoProvider()],
  ['web', createWebCryptoProvider()],
])('the %s provider', (name, provider) => {
  it('is named', () => expect(provider.name).toBe(name));

  it('hashes the parts in order, strings as UTF-8 and bytes as given', async () => {
    const parts = ['1732240000.', new Uint8Array([0xef, 0xbb, 0xbf, 0x7b]), 'é'];
    const want = createHmac('sha256', SECRET)
      .update('1732240000.')
      .update(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b]))
      .update('é')
      .digest('hex');
    expect(hex(await provider.hmacSha256(SECRET, parts))).toBe(want);
    expect(hex(await provider.hmacSha256(SECRET, []))).toBe(createHmac('sha256', SECRET).digest('hex'));
  });

  it.each([
    ['equal', [1, 2, 3], [1, 2, 3], true],
    ['one bit apart', [1, 2, 3], [1, 2, 2], false],
    ['different lengths (no throw)', [1, 2, 3], [1, 2], false],
    ['both empty', [], [], true],
  ])('timingSafeEqual: %s', (_name, a, b, want) => {
    expect(provider.timingSafeEqual(new Uint8Array(a), new Uint8Array(b))).toBe(want);
  });
});

describe('createWebCryptoProvider', () => {
  it('imports each key once and keeps at most 32, the least recently used dropped first', async () => {
    const subtle = globalThis.crypto.subtle;
    const importKey = vi.spyOn(subtle, 'importKey');
    try {
      const provider = createWebCryptoProvider(subtle);
      await provider.hmacSha256('whk_a', ['x']);
      await provider.hmacSha256('whk_a', ['y']);
      expect(importKey).toHaveBeenCalledTimes(1);
      // 31 more fill the cache; using whk_a again keeps it, so the 33rd secret pushes out whk_0 instead.
      for (let i = 0; i < 31; i++) await provider.hmacSha256(`whk_${i}`, ['x']);
      await provider.hmacSha256('whk_a', ['x']);
      expect(importKey).toHaveBeenCalledTimes(32);
      await provider.hmacSha256('whk_extra', ['x']);
      await provider.hmacSha256('whk_a', ['x']);
      expect(importKey).toHaveBeenCalledTimes(33);
      await provider.hmacSha256('whk_0', ['x']);
      expect(importKey).toHaveBeenCalledTimes(34);
    } finally {
      importKey.mockRestore();
    }
  });

  it('keeps every secret of a rotation imported, each signing with its own key', async () => {
    const subtle = globalThis.crypto.subtle;
    const importKey = vi.spyOn(subtle, 'importKey');
    try {
      const provider = createWebCryptoProvider(subtle);
      const secrets = ['whk_old', 'whk_current', 'whk_next'];
      for (let round = 0; round < 3; round++) {
        for (const secret of secrets) {
          const want = createHmac('sha256', secret).update(`round ${round}`).digest('hex');
          expect(hex(await provider.hmacSha256(secret, [`round ${round}`]))).toBe(want);
        }
      }
      expect(importKey).toHaveBeenCalledTimes(3);
    } finally {
      importKey.mockRestore();
    }
  });

  it('imports a secret once when several verifications ask for it at the same time', async () => {
    const subtle = globalThis.crypto.subtle;
    const importKey = vi.spyOn(subtle, 'importKey');
    try {
      const provider = createWebCryptoProvider(subtle);
      const macs = await Promise.all(Array.from({ length: 5 }, () => provider.hmacSha256(SECRET, ['x'])));
      expect(new Set(macs.map(hex))).toEqual(
        new Set([createHmac('sha256', SECRET).update('x').digest('hex')]),
      );
      expect(importKey).toHaveBeenCalledTimes(1);
    } finally {
      importKey.mockRestore();
    }
  });

  it('never verifies a request with a wrong secret through a cached key', async () => {
    const cryptoProvider = createWebCryptoProvider();
    const body = JSON.stringify({ id: 'evt_1', event: 'prospect.created' });
    const right = 'whk_right';
    const headers = { 'service-event-id': 'evt_1', ...signWebhookSync({ secret: right, body }) };
    // Both keys are cached by now; each still answers for its own secret only.
    await expect(verifyWebhook({ body, headers, secret: right, cryptoProvider })).resolves.toMatchObject({
      id: 'evt_1',
    });
    for (const wrong of ['whk_wrong', 'whk_righ', 'whk_rightt', 'whk_Right']) {
      await expect(verifyWebhook({ body, headers, secret: wrong, cryptoProvider })).rejects.toMatchObject({
        code: 'no_matching_signature',
      });
    }
    await expect(
      verifyWebhook({ body, headers, secret: ['whk_wrong', right], cryptoProvider }),
    ).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('does not keep a failed import', async () => {
    const subtle = globalThis.crypto.subtle;
    const importKey = vi.spyOn(subtle, 'importKey').mockRejectedValueOnce(new Error('transient'));
    try {
      const provider = createWebCryptoProvider(subtle);
      await expect(provider.hmacSha256(SECRET, ['x'])).rejects.toThrow('transient');
      expect(hex(await provider.hmacSha256(SECRET, ['x']))).toBe(
        createHmac('sha256', SECRET).update('x').digest('hex'),
      );
      expect(importKey).toHaveBeenCalledTimes(2);
    } finally {
      importKey.mockRestore();
    }
  });

  it('throws a TypeError that names the fix without Web Crypto', () => {
    const original = globalThis.crypto;
    vi.stubGlobal('crypto', undefined);
    try {
      expect(() => createWebCryptoProvider()).toThrow(/createNodeCryptoProvider/);
    } finally {
      vi.stubGlobal('crypto', original);
    }
  });
});

describe('createNodeCryptoProvider', () => {
  it('throws a TypeError that names the fix where process.getBuiltinModule is missing', () => {
    const getBuiltinModule = process.getBuiltinModule;
    Object.assign(process, { getBuiltinModule: undefined });
    try {
      expect(() => createNodeCryptoProvider()).toThrow(/await import\("node:crypto"\)/);
    } finally {
      Object.assign(process, { getBuiltinModule });
    }
  });
});

describe('defaultCryptoProvider', () => {
  it('is node:crypto on Node, chosen once', () => {
    expect(defaultCryptoProvider().name).toBe('node');
    expect(defaultCryptoProvider()).toBe(defaultCryptoProvider());
  });
});

describe('createNodeCryptoProvider with the module passed in', () => {
  it('accepts node:crypto itself', async () => {
    const provider = createNodeCryptoProvider(await import('node:crypto'));
    expect(hex(await provider.hmacSha256(SECRET, ['a']))).toBe(
      createHmac('sha256', SECRET).update('a').digest('hex'),
    );
  });
});
