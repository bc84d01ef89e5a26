import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { defaultCryptoProvider } from './default-crypto-provider.js';
import { createNodeCryptoProvider } from './node-crypto-provider.js';
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
  it('imports each key once and keeps at most 32', async () => {
    const subtle = globalThis.crypto.subtle;
    const importKey = vi.spyOn(subtle, 'importKey');
    const provider = createWebCryptoProvider(subtle);
    await provider.hmacSha256('whk_a', ['x']);
    await provider.hmacSha256('whk_a', ['y']);
    expect(importKey).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 40; i++) await provider.hmacSha256(`whk_${i}`, ['x']);
    await provider.hmacSha256('whk_a', ['z']);
    expect(importKey).toHaveBeenCalledTimes(42);
    importKey.mockRestore();
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
