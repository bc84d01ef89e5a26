import type { Migration } from './migration.js';

export const v1: Migration = {
  version: 1,
  name: 'workspaces, tokens, prospects, outcomes',
  sql: `
    create extension if not exists pg_trgm with schema public;
    create table workspaces (
      id text primary key,
      name text not null,
      suspended_at timestamptz,
      created_at timestamptz not null default now()
    );
    create table api_tokens (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      token_hash text not null unique,
      abilities text[] not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      last_used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index api_tokens_workspace on api_tokens (workspace_id);
    create table prospects (
      id text primary key,
      workspace_id text not null references workspaces(id),
      company text not null,
      domain text,
      website text,
      location text,
      contact_name text,
      contact_email text,
      notes text,
      tags text[] not null default '{}',
      owner_id text,
      outcome text,
      meeting_at timestamptz,
      value_minor bigint,
      currency text,
      outcome_updated_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index prospects_workspace_newest on prospects (workspace_id, created_at desc, id desc);
    -- search is a case-insensitive substring match over these four columns (openapi.yaml, listProspects);
    -- the trigram index keeps it fast at scale. chr(31) keeps a match from spanning two columns.
    create index prospects_search_trgm on prospects using gin (
      (lower(company || chr(31) || coalesce(domain, '') || chr(31) || coalesce(contact_name, '') || chr(31) || coalesce(contact_email, ''))) gin_trgm_ops
    );
    create table outcomes (
      id text primary key,
      workspace_id text not null references workspaces(id),
      prospect_id text not null references prospects(id),
      outcome text,
      meeting_at timestamptz,
      value_minor bigint,
      currency text,
      recorded_at timestamptz not null
    );
    create index outcomes_prospect on outcomes (prospect_id, recorded_at);
  `,
};
