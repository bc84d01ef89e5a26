/**
 * Default `ttlMs` of a claim: 7 days. Every retry is signed afresh, so the 300-second timestamp window alone does
 * not stop a duplicate; the last retry comes about 2 h 36 min after the first attempt, and a week also covers
 * redeliveries started by hand.
 *
 * @see service-spec.md section 6, delivery rules 2 and 3
 */
export const DEFAULT_DEDUPE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Remembers which event ids are being or have been handled, so a duplicate delivery is skipped. Shared by every
 * instance of a receiver when backed by Redis or PostgreSQL.
 *
 * Implementations: {@link MemoryDedupeStore} (one process), `RedisDedupeStore` from
 * `@prospectkit/webhooks/redis`, `PostgresDedupeStore` from `@prospectkit/webhooks/postgres`.
 *
 * @example
 * if (await store.claim(event.id, DEFAULT_DEDUPE_TTL_MS)) {
 *   try { await handle(event); } catch (error) { await store.release(event.id); throw error; }
 * }
 * @see service-spec.md section 6, delivery rule 3: "receivers use the envelope id to skip duplicates"
 */
export interface DedupeStore {
  /**
   * Claims `id` for `ttlMs` milliseconds, atomically: of any number of concurrent claims of one id, across
   * processes for shared stores, exactly one resolves `true`. Later claims resolve `false` until the claim
   * expires or is released.
   *
   * @param id - the signed envelope `id` (never the unsigned `Service-Event-ID` header alone)
   * @param ttlMs - how long the claim lasts, in milliseconds; a positive integer
   * @returns `true` when this call claimed `id`, `false` when it was already claimed
   */
  claim(id: string, ttlMs: number): Promise<boolean>;
  /**
   * Forgets a claim, so the next delivery of `id` is handled: call it when handling failed. Releasing an id that
   * is not claimed does nothing.
   */
  release(id: string): Promise<void>;
}

/** Throws a `RangeError` unless `ttlMs` is a positive integer number of milliseconds. */
export function checkTtlMs(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
    throw new RangeError('[@prospectkit/webhooks] ttlMs must be a positive whole number of milliseconds.');
  }
}
