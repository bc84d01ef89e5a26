import { LRUCache } from 'lru-cache';
import { checkTtlMs, type DedupeStore } from './dedupe-store.js';

/** Options of {@link MemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /**
   * Most ids kept, a positive integer. Default 10,000. When full, the least recently claimed id is forgotten
   * first, so a very late duplicate of it would be handled again.
   */
  maxEntries?: number;
}

/**
 * A {@link DedupeStore} in this process's memory, bounded in entries and time (on `lru-cache`). Claims are atomic
 * within one process; use the Redis or PostgreSQL store when several instances receive webhooks.
 *
 * @example
 * const dedupe = new MemoryDedupeStore({ maxEntries: 50_000 });
 * app.use('/webhooks', webhookRouter({ secret, dedupe, handlers }));
 * @see `@prospectkit/webhooks/redis` and `@prospectkit/webhooks/postgres` for shared stores
 */
export class MemoryDedupeStore implements DedupeStore {
  readonly #claims: LRUCache<string, true>;

  /**
   * @param options - `{ maxEntries = 10_000 }`
   * @throws {RangeError} when `maxEntries` is not a positive integer
   */
  constructor(options: MemoryDedupeStoreOptions = {}) {
    const maxEntries = options.maxEntries ?? 10_000;
    if (!Number.isSafeInteger(maxEntries) || maxEntries <= 0) {
      throw new RangeError('[@prospectkit/webhooks] maxEntries must be a positive whole number.');
    }
    this.#claims = new LRUCache<string, true>({ max: maxEntries });
  }

  /**
   * Claims `id` for `ttlMs` milliseconds; see {@link DedupeStore.claim}.
   *
   * @throws {RangeError} when `ttlMs` is not a positive integer
   */
  async claim(id: string, ttlMs: number): Promise<boolean> {
    checkTtlMs(ttlMs);
    // `has` and `set` run in one turn of the event loop, so no other claim can come between them.
    if (this.#claims.has(id)) return false;
    this.#claims.set(id, true, { ttl: ttlMs });
    return true;
  }

  /** Forgets the claim of `id`; see {@link DedupeStore.release}. */
  async release(id: string): Promise<void> {
    this.#claims.delete(id);
  }
}
