import type { Migration } from './migration.js';

export const v4: Migration = {
  version: 4,
  name: 'delivery claim and log indexes',
  // The claim reads due deliveries in (next_attempt_at, id) order with a limit: an index in that order lets it
  // stop after the batch instead of sorting the whole queue. Then: pruning old attempts by time, listing
  // deliveries newest first and counting an event's deliveries.
  sql: `
    drop index deliveries_due;
    create index deliveries_due on deliveries (next_attempt_at, id) where status = 'pending';
    create index delivery_attempts_attempted_at on delivery_attempts (attempted_at);
    create index deliveries_newest on deliveries (created_at desc, id desc);
    create index deliveries_event on deliveries (event_id);
  `,
};
