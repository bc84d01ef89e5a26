import type { Migration } from './migration.js';

export const v9: Migration = {
  version: 9,
  name: 'prospect import jobs, their files and rejections',
  // The file lives in the database in chunks (import_file_chunks), so whichever instance claims the job can
  // read it. rows_done counts data records already handled and is committed with each batch's prospects, so a
  // resumed job skips exactly that many records (packages/server/README.md, "Importing prospects"). The
  // duplicate checks look prospects up by lower(contact_email) and lower(domain) within a workspace.
  sql: `
    create table import_jobs (
      id text primary key,
      workspace_id text not null references workspaces(id),
      file_name text not null,
      byte_size bigint not null default 0,
      status text not null check (status in ('receiving', 'uploaded', 'queued', 'running', 'cancelling', 'cancelled', 'succeeded', 'failed')),
      delimiter text not null default ',',
      headers jsonb not null default '[]',
      mapping jsonb,
      duplicates text not null default 'skip' check (duplicates in ('skip', 'create')),
      dry_run boolean not null default false,
      total_rows integer,
      rows_done integer not null default 0,
      last_line integer not null default 1,
      created_count integer not null default 0,
      skipped_count integer not null default 0,
      rejected_count integer not null default 0,
      failure text,
      attempts integer not null default 0,
      lease_until timestamptz,
      created_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz
    );
    create index import_jobs_workspace_newest on import_jobs (workspace_id, created_at desc, id desc);
    create index import_jobs_claimable on import_jobs (created_at) where status in ('queued', 'running', 'cancelling');
    create table import_file_chunks (
      job_id text not null references import_jobs(id) on delete cascade,
      seq integer not null,
      data bytea not null,
      primary key (job_id, seq)
    );
    create table import_rejections (
      job_id text not null references import_jobs(id) on delete cascade,
      line integer not null,
      column_name text,
      reason text not null
    );
    create index import_rejections_job_line on import_rejections (job_id, line);
    -- The duplicate check looks contact emails and domains up through migration 10's
    -- (workspace_id, lower(contact_email)) and (workspace_id, lower(domain)) indexes.
  `,
};
