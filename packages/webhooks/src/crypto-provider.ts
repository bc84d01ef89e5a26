/**
 * The two primitives verification needs, behind one seam so that Node (`node:crypto`) and edge runtimes
 * (Web Crypto) share every rule above them, and tests can run one suite against both.
 *
 * @see {@link createNodeCryptoProvider} and {@link createWebCryptoProvider}
 * @see {@link defaultCryptoProvider} for how the default is chosen
 * @example
 * // A provider that counts HMAC computations, wrapping the default one.
 * const inner = defaultCryptoProvider();
 * let count = 0;
 * const counting: CryptoProvider = {
 *   name: 'counting',
 *   hmacSha256: (key, parts) => { count++; return inner.hmacSha256(key, parts); },
 *   timingSafeEqual: (a, b) => inner.timingSafeEqual(a, b),
 * };
 */
export interface CryptoProvider {
  /** A short label for logs and benchmarks, e.g. `'node'` or `'web'`. */
  readonly name: string;
  /**
   * HMAC-SHA256 of the concatenation of `parts`, keyed with the UTF-8 bytes of `key`.
   *
   * @param key - the whole signing secret, including its `whk_` prefix
   * @param parts - message pieces, hashed in order; strings as UTF-8, bytes exactly as given
   * @returns the 32-byte MAC, or a promise of it (Web Crypto is async; `node:crypto` answers at once, which saves
   *   a turn of the event loop per verification)
   */
  hmacSha256(key: string, parts: readonly (string | Uint8Array)[]): Uint8Array | Promise<Uint8Array>;
  /**
   * Compares two byte arrays in time that depends only on their length. Returns `false` for different lengths
   * instead of throwing.
   */
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}
