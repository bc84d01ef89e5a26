// Loading a benchmark dataset (the faker one and the stress case alike): indexes are built once after the rows
// are in, which is several times faster than maintaining them row by row; then the count shards, the statistics
// and the marker table that says the load finished (bench/dataset.ts starts again without it).
import type postgres from 'postgres';

/**
 * Drops the prospects' indexes (not the constraints'), runs `insert`, builds the indexes again, counts each
 * workspace's prospects, vacuums, and writes the marker row `{ seed, version, rows }`.
 */
export async function loadDataset(
  sql: postgres.Sql,
  insert: () => Promise<void>,
  say: (text: string) => void,
  marker: { seed: number; version: number; rows: number },
): Promise<void> {
  const indexes = await sql<{ name: string; definition: string }[]>`
    select indexname as name, indexdef as definition from pg_indexes
    where tablename = 'prospects' and indexname not in (select conname from pg_constraint)`;
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  await insert();
  say(`building ${indexes.length} indexes`);
  await sql`set maintenance_work_mem = '512MB'`;
  for (const index of indexes) await sql.unsafe(index.definition);
  await sql`insert into prospect_counts (workspace_id, shard, count)
    select workspace_id, 0, count(*) from prospects group by workspace_id`;
  await sql`vacuum analyze prospects`;
  await sql`create table bench_dataset (seed int not null, version int not null, rows int not null)`;
  await sql`insert into bench_dataset values (${marker.seed}, ${marker.version}, ${marker.rows})`;
}
