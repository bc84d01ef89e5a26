import type { Migration } from './migration.js';

/**
 * `lower(unaccent(text))` as an immutable function, which a generated column and an index expression need:
 * `unaccent()` itself is only stable, because its dictionary could be changed; this one names the dictionary
 * and its schema, so nothing on the search path changes its result.
 */
const PROSPECT_FOLD = `create or replace function prospect_fold(text) returns text
  language sql immutable parallel safe strict
  return lower(public.unaccent('public.unaccent'::regdictionary, $1))`;

/**
 * Migration 10's search words, folded: `company`, `domain`, `contact_name` and `contact_email` through
 * `prospect_fold` instead of `lower`, split the same way. The mock folds with core's `foldForSearch`.
 */
const PROSPECT_SEARCH_WORDS =
  "array_to_tsvector(array_remove(regexp_split_to_array(prospect_fold(company || ' ' || coalesce(domain, '') || ' ' || coalesce(contact_name, '') || ' ' || coalesce(contact_email, '')), '[^0-9a-z\\u0080-\\U0010FFFF]+'), ''))";

export const v19: Migration = {
  version: 19,
  name: 'prospect filters, sorts and search without accents; saved views',
  // openapi.yaml `listProspects`: each filter and sort has an index led by workspace_id, so a filter alone walks
  // its index in the list's order (owner, outcome), a tag is a GIN lookup, a date range and `newest`/`oldest`
  // walk prospects_workspace_newest (either way), `company_*` and `last_activity` their own. With `search`, the
  // search index finds the matches and the filters test them (docs/pagination.md has the plans).
  // The search words are rebuilt folded (`societe` finds Société): a generated column's expression cannot be
  // altered on PostgreSQL 15, so the column and its GIN index are made again. `saved_views`: the app's named
  // list queries per workspace (docs/pagination.md, Saved views).
  sql: `
    create extension if not exists unaccent with schema public;
    ${PROSPECT_FOLD};
    drop index if exists prospects_search_words;
    alter table prospects drop column search_words;
    alter table prospects add column search_words tsvector generated always as (${PROSPECT_SEARCH_WORDS}) stored;
    create index prospects_search_words on prospects using gin (search_words);
    create index prospects_tags on prospects using gin (tags);
    create index prospects_workspace_owner on prospects (workspace_id, owner_id, created_at desc, id desc);
    create index prospects_workspace_outcome on prospects (workspace_id, outcome, created_at desc, id desc);
    create index prospects_workspace_company on prospects (workspace_id, (prospect_fold(company)) collate "C", id collate "C");
    create index prospects_workspace_activity on prospects (workspace_id, updated_at desc, id desc);
    create table saved_views (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      query text not null,
      created_by text references teammates(id),
      created_at timestamptz not null
    );
    create index saved_views_workspace on saved_views (workspace_id, lower(name), id);
  `,
};
