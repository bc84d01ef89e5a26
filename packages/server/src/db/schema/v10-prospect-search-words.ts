import type { Migration } from './migration.js';

/**
 * A prospect's search words as a `tsvector`: `company`, `domain`, `contact_name` and `contact_email` lowered,
 * split at every ASCII character that is not a letter or digit (so `ada.lovelace@acme.example` gives `ada`,
 * `lovelace`, `acme`, `example`; letters outside ASCII stay in their word). `array_to_tsvector` keeps the
 * words as they are: no parser, dictionary or stemming, so the mock can split the same way (core's
 * `searchWords`). Every function in it is immutable (on PostgreSQL 15 and PGlite alike), as a generated column
 * requires. Stored in the column `search_words` of `prospects`, which the queries read.
 */
const PROSPECT_SEARCH_WORDS =
  "array_to_tsvector(array_remove(regexp_split_to_array(lower(company || ' ' || coalesce(domain, '') || ' ' || coalesce(contact_name, '') || ' ' || coalesce(contact_email, '')), '[^0-9a-z\\u0080-\\U0010FFFF]+'), ''))";

export const v10: Migration = {
  version: 10,
  name: 'prospect search words',
  // The search of `listProspects` (openapi.yaml, parameter `Search`): word prefixes through a GIN index of
  // each prospect's words, email and domain prefixes through btree indexes led by workspace_id, byte-wise
  // (text_pattern_ops) so a prefix is a range. The GIN index leaves workspace_id out: with btree_gin, its
  // equality is a partial match that lists every row of the workspace into the bitmap, which goes lossy on a
  // large workspace and rechecks every row (bench/results/search-explain.md); the workspace is a filter.
  // The words are a stored generated column rather than the expression of the index: a GIN bitmap of a
  // common word goes lossy and rechecks every row of its pages, and a recheck of the expression runs the
  // regexp on each (43 s for `gmail` in a million), where a recheck of the column only reads it. An insert
  // computes the expression once either way.
  // The trigram index of substring search goes: no query uses it any more (docs/architecture.md, search).
  sql: `
    drop index if exists prospects_search_trgm;
    alter table prospects add column search_words tsvector generated always as (${PROSPECT_SEARCH_WORDS}) stored;
    create index prospects_search_words on prospects using gin (search_words);
    create index prospects_domain_prefix on prospects (workspace_id, lower(domain) text_pattern_ops);
    create index prospects_contact_email_prefix on prospects (workspace_id, lower(contact_email) text_pattern_ops);
  `,
};
