import { checkTtlMs, type DedupeStore } from '../dedupe-store.js';

/**
 * The two commands the store sends, as node-redis v5 names them: a client from `createClient()` (or a cluster
 * from `createCluster()`) fits.
 */
export interface RedisDedupeClient {
  /** `SET key value NX PX ms`: resolves to `'OK'` when set, `null` when the key exists. */
  set(
    key: string,
    value: string,
    options: { condition: 'NX'; expiration: { type: 'PX'; value: number } },
  ): Promise<unknown>;
  /** `DEL key`: releases a claim. */
  del(key: string): Promise<unknown>;
}

/** Options of {@link RedisDedupeStore}. */
export interface RedisDedupeStoreOptions {
  /** A connected node-redis v5 client (`await createClient({ url }).connect()`). */
  client: RedisDedupeClient;
  /** Prefix of every key. Default `'prospectkit:webhook-dedupe:'`. */
  keyPrefix?: string;
}

/**
 * A {@link DedupeStore} in Redis, shared by every instance of a receiver: a claim is one `SET key 1 NX PX ttlMs`,
 * atomic in Redis, and expires on its own.
 *
 * @example
 * import { createClient } from 'redis';
 * import { RedisDedupeStore } from '@prospectkit/webhooks/redis';
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const dedupe = new RedisDedupeStore({ client });
 * @see https://redis.io/docs/latest/commands/set/ for `NX` and `PX`
 */
export class RedisDedupeStore implements DedupeStore {
  readonly #client: RedisDedupeClient;
  readonly #keyPrefix: string;

  /** @param options - `{ client, keyPrefix = 'prospectkit:webhook-dedupe:' }` */
  constructor(options: RedisDedupeStoreOptions) {
    this.#client = options.client;
    this.#keyPrefix = options.keyPrefix ?? 'prospectkit:webhook-dedupe:';
  }

  /**
   * Claims `id` for `ttlMs` milliseconds with `SET NX PX`; see {@link DedupeStore.claim}.
   *
   * @throws {RangeError} when `ttlMs` is not a positive integer
   * @throws the client's error when Redis cannot be reached
   */
  async claim(id: string, ttlMs: number): Promise<boolean> {
    checkTtlMs(ttlMs);
    const reply = await this.#client.set(this.#keyPrefix + id, '1', {
      condition: 'NX',
      expiration: { type: 'PX', value: ttlMs },
    });
    // `SET NX` answers OK when it set the key, and null when the key existed.
    return reply !== null && reply !== undefined;
  }

  /**
   * Forgets the claim of `id` with `DEL`; see {@link DedupeStore.release}.
   *
   * @throws the client's error when Redis cannot be reached
   */
  async release(id: string): Promise<void> {
    await this.#client.del(this.#keyPrefix + id);
  }
}
