import { LRUCache } from 'lru-cache';
import type { CryptoProvider } from './crypto-provider.js';

const encoder = new TextEncoder();

/** Imported keys kept per provider; a handful of secrets per process is normal (rotation adds one), so 32 suffice. */
const MAX_CACHED_WEB_CRYPTO_KEYS = 32;

/** Built once: Web Crypto normalizes the algorithm on every call, and a dictionary skips the string's extra step. */
const HMAC: Algorithm = { name: 'HMAC' };
const HMAC_SHA256_IMPORT: HmacImportParams = { name: 'HMAC', hash: 'SHA-256' };

/**
 * Creates the {@link CryptoProvider} on Web Crypto (`crypto.subtle`): Cloudflare Workers, Deno, Bun, browsers,
 * Vercel and Next.js edge, and Node. Each secret is imported once as a non-extractable HMAC `CryptoKey`; the
 * 32 most recently used are kept, so a rotation's several secrets all stay
 * imported. A cached key is found by the secret itself, which the caller holds anyway and the key's own bytes
 * repeat: the cache adds no copy beyond 32 strings. Comparison stays constant-time over the bytes.
 *
 * @param subtle - the `SubtleCrypto` to use. Default: `globalThis.crypto.subtle`.
 * @returns a provider whose `name` is `'web'`
 * @throws {TypeError} when no `SubtleCrypto` is given and `globalThis.crypto.subtle` is missing
 * @example
 * const event = await verifyWebhook({ body, headers, secret, cryptoProvider: createWebCryptoProvider() });
 * @see {@link createNodeCryptoProvider}, the faster default on Node
 */
export function createWebCryptoProvider(
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): CryptoProvider {
  if (subtle === undefined) {
    throw new TypeError(
      '[@prospectkit/webhooks] Web Crypto (crypto.subtle) is not available. Pass a SubtleCrypto, or use createNodeCryptoProvider() on Node.',
    );
  }
  const webCrypto = subtle;
  // The key itself once imported, so that a cached secret signs without waiting a turn for a settled promise.
  const keys = new LRUCache<string, CryptoKey | Promise<CryptoKey>>({ max: MAX_CACHED_WEB_CRYPTO_KEYS });

  function importKey(secret: string): CryptoKey | Promise<CryptoKey> {
    const cached = keys.get(secret);
    if (cached !== undefined) return cached;
    const importing = webCrypto
      .importKey('raw', encoder.encode(secret), HMAC_SHA256_IMPORT, false, ['sign'])
      .then(
        (key) => {
          if (keys.peek(secret) === importing) keys.set(secret, key);
          return key;
        },
        (error: unknown) => {
          // A failed import is not cached, so a transient failure does not stick.
          if (keys.peek(secret) === importing) keys.delete(secret);
          throw error;
        },
      );
    keys.set(secret, importing);
    return importing;
  }

  async function sign(
    key: CryptoKey | Promise<CryptoKey>,
    message: Uint8Array<ArrayBuffer>,
  ): Promise<Uint8Array> {
    return new Uint8Array(await webCrypto.sign(HMAC, await key, message));
  }

  return {
    name: 'web',
    hmacSha256(secret, parts) {
      const message = concatenate(parts);
      const key = importKey(secret);
      if (key instanceof Promise) return sign(key, message);
      return webCrypto.sign(HMAC, key, message).then((mac) => new Uint8Array(mac));
    },
    timingSafeEqual(a, b) {
      if (a.length !== b.length) return false;
      let difference = 0;
      for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
      return difference === 0;
    },
  };
}

/** The message as one byte array (Web Crypto signs a single buffer): strings as UTF-8, bytes as given. */
function concatenate(parts: readonly (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const chunks = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part));
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    message.set(chunk, offset);
    offset += chunk.length;
  }
  return message;
}
