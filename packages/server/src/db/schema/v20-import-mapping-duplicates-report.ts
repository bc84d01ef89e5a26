import type { Migration } from './migration.js';

export const v20: Migration = {
  version: 20,
  name: 'import: update duplicates, new custom fields, report of skipped and updated rows, remembered mappings',
  // docs/importing.md. A job may update the prospects its rows match (`update_fill_empty`, `update_overwrite`)
  // and counts them (`updated_count`); it creates the custom fields of `new_fields` when it starts. When a batch
  // fails, `failed_first_line`/`failed_last_line` say which (the batches before it stay). `import_rejections`
  // becomes the report's lines: rejected rows as before, and skipped and updated rows with the prospect they
  // matched (`outcome`, `prospect_id`). `import_mappings` remembers the last mapping started per workspace and
  // header set (`header_key`: remembered-mapping.ts's headerSetKey). A person without an email matches on their
  // name at the same company, looked up through (workspace_id, lower(company)).
  sql: `
    alter table import_jobs drop constraint if exists import_jobs_duplicates_check;
    alter table import_jobs
      add constraint import_jobs_duplicates_check
        check (duplicates in ('skip', 'create', 'update_fill_empty', 'update_overwrite')),
      add column if not exists new_fields jsonb not null default '[]'::jsonb,
      add column if not exists updated_count integer not null default 0,
      add column if not exists failed_first_line integer,
      add column if not exists failed_last_line integer;
    alter table import_rejections
      add column if not exists outcome text not null default 'rejected'
        check (outcome in ('rejected', 'skipped', 'updated')),
      add column if not exists prospect_id text;
    create table if not exists import_mappings (
      workspace_id text not null references workspaces (id) on delete cascade,
      header_key text not null,
      headers jsonb not null,
      mapping jsonb not null,
      new_fields jsonb not null default '[]'::jsonb,
      duplicates text not null,
      remembered_at timestamptz not null,
      primary key (workspace_id, header_key)
    );
    create index if not exists prospects_workspace_lower_company on prospects (workspace_id, lower(company));
  `,
};
