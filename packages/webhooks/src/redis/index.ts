/**
 * `@prospectkit/webhooks/redis`: {@link RedisDedupeStore}, a dedupe store shared by every instance, on node-redis 5.
 *
 * @packageDocumentation
 */
export {
  type RedisDedupeClient,
  RedisDedupeStore,
  type RedisDedupeStoreOptions,
} from './redis-dedupe-store.js';
