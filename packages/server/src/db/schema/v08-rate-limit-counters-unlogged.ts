import type { Migration } from './migration.js';

export const v8: Migration = {
  version: 8,
  name: 'rate limit counters unlogged',
  // Every API request upserts its client's counter. Unlogged, those writes skip the WAL and their commits do
  // not wait for a flush to disk; after a crash the table is empty, which only restarts each client's window.
  sql: `
    alter table rate_limits set unlogged;
  `,
};
