// The filter, sort and cursor lines of `npm run bench:server` and `npm run bench:explain-list`: each filter of
// `listProspects` alone and with a search (a common term and a rare one), three sorts, and page 40,000 by cursor,
// each with its target p99 (issue "Finding prospects at any size": filters 100 ms, the cursor 50 ms).
import { encodeListCursor } from '@prospectkit/core';
import postgres from 'postgres';

export interface ListCase {
  name: string;
  /** The query after `/api/v1/prospects?`. */
  query: string;
  targetMs: number;
}

/** The faker data has tags but no owners or outcomes: a third of the measured workspace gets each, once. */
export async function ensureFilterData(url: string, workspaceId: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [done] =
    await sql`select 1 from prospects where workspace_id = ${workspaceId} and owner_id is not null limit 1`;
  if (!done) {
    await sql`update prospects set owner_id = 'tm_BENCH' || (abs(hashtext(id)) % 10)
      where workspace_id = ${workspaceId} and abs(hashtext(id)) % 3 = 0`;
    await sql`update prospects set outcome = (array['Interested','Not interested','Meeting booked','Won','Lost'])[1 + abs(hashtext(id || 'o')) % 5]
      where workspace_id = ${workspaceId} and abs(hashtext(id || 'o')) % 3 = 0`;
    await sql`vacuum analyze prospects`;
  }
  await sql.end();
}

/** The cases, on the measured workspace's own data (a created_at a third of the way in; the deepest page). */
export async function listCases(
  url: string,
  workspaceId: string,
  rows: number,
  rare: string,
): Promise<ListCase[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [third] = await sql<
    { at: Date }[]
  >`select created_at as at from prospects where workspace_id = ${workspaceId}
    order by created_at desc, id desc limit 1 offset ${Math.floor(rows / 3)}`;
  // Page 40,000 of 25 (the row before it), or the deepest page this dataset has.
  const page = Math.min(40_000, Math.max(2, Math.floor(rows / 25) - 1));
  const [edge] = await sql<{ key: string; id: string }[]>`select created_at::text as key, id from prospects
    where workspace_id = ${workspaceId} order by created_at desc, id desc limit 1 offset ${(page - 1) * 25 - 1}`;
  await sql.end();
  const after = encodeURIComponent((third?.at ?? new Date()).toISOString());
  const filters = [
    ['tag', 'tag=enterprise'],
    ['two tags', 'tag=enterprise&tag=smb'],
    ['owner', 'owner_id=tm_BENCH3'],
    ['no owner', 'owner_id=none'],
    ['outcome', 'outcome=Won'],
    ['no outcome', 'outcome=none'],
    ['created_after', `created_after=${after}`],
    ['created_before', `created_before=${after}`],
  ] as const;
  const cases: ListCase[] = [];
  for (const [name, query] of filters) {
    cases.push({ name: `filter ${name}`, query, targetMs: 100 });
    cases.push({ name: `filter ${name} + search gmail`, query: `${query}&search=gmail`, targetMs: 100 });
    cases.push({
      name: `filter ${name} + search ${rare}`,
      query: `${query}&search=${encodeURIComponent(rare)}`,
      targetMs: 100,
    });
  }
  for (const sort of ['oldest', 'company_asc', 'last_activity'])
    cases.push({ name: `sort ${sort}`, query: `sort=${sort}`, targetMs: 100 });
  if (edge) {
    const cursor = encodeListCursor({ sort: 'newest', key: edge.key, id: edge.id, direction: 'next', page });
    cases.push({ name: `page ${page.toLocaleString()} by cursor`, query: `cursor=${cursor}`, targetMs: 50 });
  }
  return cases;
}
