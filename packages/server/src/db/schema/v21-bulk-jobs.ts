import type { Migration } from './migration.js';

export const v21: Migration = {
  version: 21,
  name: 'bulk jobs of the prospect list',
  // docs/bulk-actions.md. A job acts on the rows its `query` (the list's filters, as the API's listProspects
  // reads them) or its `ids` (rows ticked on one page) matched when it was made (created_at <= the job's
  // created_at), walked newest first through prospects_workspace_newest. `cursor_created_at`/`cursor_id` is the
  // last row of the last committed batch, written in that batch's transaction with its changes, so a job resumed
  // after its runner died starts after it: each row is changed once. `lease_until` fences the batches as the
  // import jobs' lease does (migration 9).
  sql: `
    create table bulk_jobs (
      id text primary key,
      workspace_id text not null references workspaces(id),
      action text not null check (action in ('add_tag', 'remove_tag', 'set_owner')),
      value text,
      query text not null default '',
      ids text[],
      status text not null check (status in ('queued', 'running', 'succeeded', 'failed')),
      total_rows integer not null,
      rows_done integer not null default 0,
      changed_count integer not null default 0,
      skipped_count integer not null default 0,
      cursor_created_at timestamptz,
      cursor_id text,
      failure text,
      attempts integer not null default 0,
      lease_until timestamptz,
      created_by text references teammates(id),
      created_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz
    );
    create index bulk_jobs_workspace_newest on bulk_jobs (workspace_id, created_at desc, id desc);
    create index bulk_jobs_claimable on bulk_jobs (created_at) where status in ('queued', 'running');
  `,
};
