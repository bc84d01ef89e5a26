import type { Migration } from './migration.js';

export const v6: Migration = {
  version: 6,
  name: 'prospect count per workspace',
  // The unfiltered list's `meta.total`, kept exact in the same transaction as each insert, so listing a
  // workspace of a million prospects does not count them on every request.
  sql: `
    alter table workspaces add column prospect_count bigint not null default 0;
    update workspaces w set prospect_count = (select count(*) from prospects p where p.workspace_id = w.id);
  `,
};
