/**
 * `@prospectkit/webhooks/postgres`: {@link PostgresDedupeStore}, a dedupe store shared by every instance, on
 * postgres.js, with the table it needs ({@link dedupeTableSql}, {@link createDedupeTable}).
 *
 * @packageDocumentation
 */
export { createDedupeTable, DEFAULT_DEDUPE_TABLE, dedupeTableSql } from './dedupe-table.js';
export { PostgresDedupeStore, type PostgresDedupeStoreOptions } from './postgres-dedupe-store.js';
