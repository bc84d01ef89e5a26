import type { Migration } from './migration.js';

export const v7: Migration = {
  version: 7,
  name: 'prospect count in shards',
  // One count row per workspace made every insert of a workspace wait for the previous insert's commit (the
  // row stays locked until then). Each insert now adds 1 to one of PROSPECT_COUNT_SHARDS rows picked at random,
  // and the unfiltered list's meta.total is their sum: still exact and in the insert's transaction.
  sql: `
    create table prospect_counts (
      workspace_id text not null references workspaces(id),
      shard smallint not null,
      count bigint not null,
      primary key (workspace_id, shard)
    );
    insert into prospect_counts (workspace_id, shard, count)
      select id, 0, prospect_count from workspaces where prospect_count <> 0;
    alter table workspaces drop column prospect_count;
  `,
};
