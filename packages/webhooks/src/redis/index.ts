export {
  type RedisDedupeClient,
  RedisDedupeStore,
  type RedisDedupeStoreOptions,
} from './redis-dedupe-store.js';
