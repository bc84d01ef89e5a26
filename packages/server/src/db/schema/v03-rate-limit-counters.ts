import type { Migration } from './migration.js';

export const v3: Migration = {
  version: 3,
  name: 'rate limit counters',
  // The table rate-limiter-flexible's RateLimiterPostgres uses: one row per client key and window.
  sql: `
    create table rate_limits (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    );
  `,
};
