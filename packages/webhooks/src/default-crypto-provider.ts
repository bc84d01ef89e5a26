import type { CryptoProvider } from './crypto-provider.js';
import { createNodeCryptoProvider, loadNodeCrypto } from './node-crypto-provider.js';
import { createWebCryptoProvider } from './web-crypto-provider.js';

let cached: CryptoProvider | undefined;

/**
 * The provider used when none is passed: `node:crypto` where `process.getBuiltinModule` offers it (Node 20.16+,
 * Bun, Deno), because it is several times faster than Web Crypto there; Web Crypto everywhere else. Chosen once.
 *
 * @returns the shared default provider (`name` `'node'` or `'web'`)
 * @throws {TypeError} when neither `node:crypto` nor `crypto.subtle` is available
 * @example
 * console.log(defaultCryptoProvider().name); // 'node' on Node
 * @see {@link CryptoProvider}
 */
export function defaultCryptoProvider(): CryptoProvider {
  if (cached === undefined) {
    const nodeCrypto = loadNodeCrypto();
    cached = nodeCrypto === undefined ? createWebCryptoProvider() : createNodeCryptoProvider(nodeCrypto);
  }
  return cached;
}
