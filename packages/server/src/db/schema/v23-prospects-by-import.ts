import type { Migration } from './migration.js';

export const v23: Migration = {
  version: 23,
  name: 'the import that created a prospect',
  // The import report's "N prospects were imported" opens those prospects only (issue 27; docs/importing.md,
  // "The report"): the job that created a prospect is kept beside it (null for every other way in: the API, the
  // form), and a partial index pages an import's prospects without touching the others. Adding a nullable column
  // with no default rewrites nothing.
  sql: `
    alter table prospects add column import_job_id text;
    create index prospects_by_import on prospects (workspace_id, import_job_id, id) where import_job_id is not null;
  `,
};
