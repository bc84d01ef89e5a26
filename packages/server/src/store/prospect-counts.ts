/**
 * Each workspace's prospect count, kept in `prospect_counts` (migrations 6 and 7) so the unfiltered list's total
 * and a search's choice of plan need not count the workspace's rows.
 */

/** How many rows a workspace's prospect count is spread over, so concurrent inserts rarely wait on each other. */
export const PROSPECT_COUNT_SHARDS = 16;

/** Adds `$3` prospects to workspace `$1`'s count, in shard `$2` (0 to PROSPECT_COUNT_SHARDS - 1). */
export const ADD_TO_PROSPECT_COUNT = `insert into prospect_counts (workspace_id, shard, count) values ($1, $2, $3)
   on conflict (workspace_id, shard) do update set count = prospect_counts.count + $3`;

/** The number of prospects of workspace `$1`, as a scalar expression (a bigint). */
export const PROSPECT_COUNT =
  '(select coalesce(sum(count), 0)::bigint from prospect_counts where workspace_id = $1)';
