import type { CryptoProvider } from './crypto-provider.js';

/** The part of `node:crypto` the Node provider uses; pass the module itself. */
export interface NodeCryptoModule {
  createHmac(
    algorithm: 'sha256',
    key: string,
  ): { update(data: string | Uint8Array): unknown; digest(): Uint8Array };
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

type ProcessWithBuiltins = { process?: { getBuiltinModule?: (id: string) => unknown } };

/**
 * Loads `node:crypto` without an `import` statement, through `process.getBuiltinModule` (Node 20.16+, Bun,
 * Deno), so bundlers for edge runtimes never see a Node built-in. Returns `undefined` where it is unavailable.
 */
export function loadNodeCrypto(): NodeCryptoModule | undefined {
  const getBuiltinModule = (globalThis as ProcessWithBuiltins).process?.getBuiltinModule;
  if (typeof getBuiltinModule !== 'function') return undefined;
  return getBuiltinModule('node:crypto') as NodeCryptoModule | undefined;
}

/**
 * Creates the {@link CryptoProvider} on `node:crypto` (`createHmac` and `timingSafeEqual`): the fastest on Node,
 * and the default there.
 *
 * @param nodeCrypto - the `node:crypto` module. Default: loaded through `process.getBuiltinModule('node:crypto')`;
 *   pass `await import('node:crypto')` on a runtime without it.
 * @returns a provider whose `name` is `'node'`
 * @throws {TypeError} when `nodeCrypto` is not given and `process.getBuiltinModule` is unavailable
 * @example
 * const event = await verifyWebhook({ body, headers, secret, cryptoProvider: createNodeCryptoProvider() });
 * @see {@link createWebCryptoProvider} for edge runtimes
 */
export function createNodeCryptoProvider(
  nodeCrypto: NodeCryptoModule | undefined = loadNodeCrypto(),
): CryptoProvider {
  if (nodeCrypto === undefined) {
    throw new TypeError(
      '[@prospectkit/webhooks] node:crypto is not available through process.getBuiltinModule. Pass the module: createNodeCryptoProvider(await import("node:crypto")), or use createWebCryptoProvider().',
    );
  }
  const crypto = nodeCrypto;
  return {
    name: 'node',
    hmacSha256(key, parts) {
      const hmac = crypto.createHmac('sha256', key);
      for (let i = 0; i < parts.length; i++) hmac.update(parts[i] as string | Uint8Array);
      return hmac.digest();
    },
    timingSafeEqual(a, b) {
      return a.length === b.length && crypto.timingSafeEqual(a, b);
    },
  };
}
