import type { CryptoProvider } from './crypto-provider.js';

/** The part of `node:crypto` the Node provider uses; pass the module itself. */
export interface NodeCryptoModule {
  /** Returns a `KeyObject`, handed back to `createHmac` as it is. */
  createSecretKey(key: Uint8Array): unknown;
  /** Starts an HMAC-SHA256 with a key from `createSecretKey`. */
  createHmac(
    algorithm: 'sha256',
    key: unknown,
  ): {
    /** Adds data to the MAC: the timestamp, `.`, then the raw body. */
    update(data: string | Uint8Array): unknown;
    /** The 32-byte MAC. */
    digest(): Uint8Array;
  };
  /** Compares two byte arrays of the same length in constant time. */
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

/** Key objects kept per secret; a handful of secrets per process is normal, so a small cap suffices. */
const MAX_CACHED_KEYS = 32;
const encoder = new TextEncoder();

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
 * and the default there. Each secret becomes a `KeyObject` once (at most 32 kept, oldest dropped), which saves
 * encoding the key on every request.
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
  const keys = new Map<string, unknown>();
  function keyObject(secret: string): unknown {
    let key = keys.get(secret);
    if (key === undefined) {
      if (keys.size >= MAX_CACHED_KEYS) keys.delete(keys.keys().next().value as string);
      key = crypto.createSecretKey(encoder.encode(secret));
      keys.set(secret, key);
    }
    return key;
  }
  return {
    name: 'node',
    hmacSha256(secret, parts) {
      const hmac = crypto.createHmac('sha256', keyObject(secret));
      for (let i = 0; i < parts.length; i++) hmac.update(parts[i] as string | Uint8Array);
      return hmac.digest();
    },
    timingSafeEqual(a, b) {
      return a.length === b.length && crypto.timingSafeEqual(a, b);
    },
  };
}
