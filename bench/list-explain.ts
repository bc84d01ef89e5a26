// `npm run bench:explain-list`: EXPLAIN (ANALYZE, BUFFERS) of every statement `listProspects` runs for each
// filter, sort and cursor line of bench:server (bench/list-filter-cases.ts), on its dataset (same env:
// BENCH_ADMIN_URL, BENCH_SEED, BENCH_ROWS), written to bench/results/list-explain.md.
import { writeFileSync } from 'node:fs';
import { readProspectListQuery, validateRequest } from '@prospectkit/core';
import { openDatabase } from '@prospectkit/server';
import type { Sql } from '../packages/server/src/db/database.js';
import { listProspectRows } from '../packages/server/src/store/prospect-list.js';
import { ensureDataset } from './dataset.js';
import { ensureFilterData, listCases } from './list-filter-cases.js';
import { searchTerms } from './search-terms.js';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const { url, workspaceId } = await ensureDataset({
  adminUrl,
  seed: Number(process.env.BENCH_SEED ?? 1),
  rows,
});
await ensureFilterData(url, workspaceId);
const rare = (await searchTerms(url, workspaceId, rows)).find((t) => t.name === 'surname')?.term ?? 'smith';
const db = await openDatabase({ databaseUrl: url });
const [version] = await db.query<{ version: string }>('select version()');
const out = [
  "# EXPLAIN (ANALYZE, BUFFERS) of the list's filters, sorts and cursor",
  '',
  `Written by \`npm run bench:explain-list\` on ${version?.version}, ${rows.toLocaleString()} prospects in the measured`,
  'workspace and as many in 20 others. Each line runs the default request (per_page 25, `count=none`); every',
  'statement the server runs for it is shown, second run (the first warms the cache); not the read of',
  "PostgreSQL's statistics that tells a common search term (once per five minutes, store/common-search-words.ts).",
  '',
];
for (const { name, query } of await listCases(url, workspaceId, rows, rare)) {
  const validated = validateRequest(
    'listProspects',
    Object.fromEntries(new URLSearchParams(query)),
    undefined,
  );
  if (!validated.ok) throw new Error(`${name}: ${JSON.stringify(validated.issues)}`);
  // A repeated tag: URLSearchParams kept the last; read the list as the server's query parser does.
  const tags = new URLSearchParams(query).getAll('tag');
  const read = readProspectListQuery({ ...validated.query, ...(tags.length ? { tag: tags } : {}) });
  if ('issues' in read) throw new Error(`${name}: ${JSON.stringify(read.issues)}`);
  const plans: string[] = [];
  const explaining: Sql = {
    query: async (text, params = [], options) => {
      // The read of ANALYZE's statistics (store/common-search-words.ts, once per five minutes) is not the list's.
      if (text.includes('from pg_stats')) return db.query(text, params, options);
      await db.query(`explain (analyze, buffers) ${text}`, params, { prepare: false });
      const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params, {
        prepare: false,
      });
      plans.push(plan.map((r) => r['QUERY PLAN']).join('\n'));
      return db.query(text, params, options);
    },
  } as Sql;
  const { rows: found } = await listProspectRows(explaining, workspaceId, read.request);
  out.push(`## ${name}: \`?${decodeURIComponent(query).slice(0, 120)}\` (${found.length} rows read)`, '');
  for (const plan of plans) out.push('```', plan, '```', '');
}
writeFileSync(new URL('./results/list-explain.md', import.meta.url), out.join('\n'));
await db.close();
console.log('wrote bench/results/list-explain.md');
