// Loading a benchmark dataset: indexes are built once after the load, which is several times faster than
// maintaining them row by row.
import type postgres from 'postgres';

/** Drops the prospects' indexes (not the constraints'), runs `load`, then builds them again. */
export async function withIndexesAfter(
  sql: postgres.Sql,
  load: () => Promise<void>,
  say: (text: string) => void,
): Promise<void> {
  const indexes = await sql<{ name: string; definition: string }[]>`
    select indexname as name, indexdef as definition from pg_indexes
    where tablename = 'prospects' and indexname not in (select conname from pg_constraint)`;
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  await load();
  say(`building ${indexes.length} indexes`);
  await sql`set maintenance_work_mem = '512MB'`;
  for (const index of indexes) await sql.unsafe(index.definition);
}
