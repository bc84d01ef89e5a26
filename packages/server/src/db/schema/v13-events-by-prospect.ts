import type { Migration } from './migration.js';

export const v13: Migration = {
  version: 13,
  name: 'events by prospect',
  // A prospect's page lists the events emitted for it (store/events.ts listProspectEvents). Every kind's data
  // carries prospect_id (openapi.yaml `webhooks`); this index finds one prospect's events without reading the
  // workspace's whole history. The query repeats this exact expression, or PostgreSQL does not use the index.
  sql: `
    create index events_prospect on events (workspace_id, ((body::jsonb -> 'data' ->> 'prospect_id')), occurred_at desc, id desc);
  `,
};
