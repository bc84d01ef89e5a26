export { createDedupeTable, DEFAULT_DEDUPE_TABLE, dedupeTableSql } from './dedupe-table.js';
export { PostgresDedupeStore, type PostgresDedupeStoreOptions } from './postgres-dedupe-store.js';
