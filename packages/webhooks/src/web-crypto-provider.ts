import type { CryptoProvider } from './crypto-provider.js';

const encoder = new TextEncoder();

/** Imported keys kept per secret; a handful of secrets per process is normal, so a small cap suffices. */
const MAX_CACHED_KEYS = 32;

/**
 * Creates the {@link CryptoProvider} on Web Crypto (`crypto.subtle`): Cloudflare Workers, Deno, Bun, browsers,
 * Vercel and Next.js edge, and Node. Imported HMAC keys are cached per secret (at most 32, oldest dropped).
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
  const keys = new Map<string, Promise<CryptoKey>>();

  function importKey(secret: string): Promise<CryptoKey> {
    let key = keys.get(secret);
    if (key === undefined) {
      if (keys.size >= MAX_CACHED_KEYS) keys.delete(keys.keys().next().value as string);
      key = webCrypto.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
      ]);
      // A failed import is not cached, so a transient failure does not stick.
      key.catch(() => keys.delete(secret));
      keys.set(secret, key);
    }
    return key;
  }

  return {
    name: 'web',
    async hmacSha256(secret, parts) {
      const chunks = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part));
      let length = 0;
      for (const chunk of chunks) length += chunk.length;
      const message = new Uint8Array(length);
      let offset = 0;
      for (const chunk of chunks) {
        message.set(chunk, offset);
        offset += chunk.length;
      }
      return new Uint8Array(await webCrypto.sign('HMAC', await importKey(secret), message));
    },
    timingSafeEqual(a, b) {
      if (a.length !== b.length) return false;
      let difference = 0;
      for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
      return difference === 0;
    },
  };
}
