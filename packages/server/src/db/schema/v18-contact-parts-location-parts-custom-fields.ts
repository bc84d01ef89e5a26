import type { Migration } from './migration.js';

export const v18: Migration = {
  version: 18,
  name: 'contact name parts, title, phone, profile URL, city, region, country, custom fields',
  // The prospect's optional fields of openapi.yaml `Prospect` beyond the seed's: text columns, `null` when not
  // known (so adding them rewrites no row). Their lengths and rules are the contract's, checked before a write
  // (core's normalizeProspectInput); the database holds no copy of them, like the columns of migration 1.
  // `custom_fields` holds the values of the workspace's custom fields by key (docs/prospects.md, "Custom
  // fields"), `{}` when none; the table `custom_field_definitions` holds the definitions (store/custom-fields.ts), at most
  // 50 per workspace (core's CUSTOM_FIELD_LIMIT), in the order they were added (`position`). `if not exists`, so a test of an older database can add these columns before
  // running today's server against it (test/upgrade.test.ts).
  sql: `
    alter table prospects
      add column if not exists contact_first_name text,
      add column if not exists contact_last_name text,
      add column if not exists contact_title text,
      add column if not exists contact_phone text,
      add column if not exists contact_profile_url text,
      add column if not exists city text,
      add column if not exists region text,
      add column if not exists country text,
      add column if not exists custom_fields jsonb not null default '{}'::jsonb;
    create table if not exists custom_field_definitions (
      workspace_id text not null references workspaces (id) on delete cascade,
      key text not null,
      label text not null,
      type text not null,
      options jsonb not null default '[]'::jsonb,
      position integer not null,
      created_at timestamptz not null,
      primary key (workspace_id, key)
    );
  `,
};
