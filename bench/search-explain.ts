// `npm run bench:explain`: EXPLAIN (ANALYZE, BUFFERS) of the search's SQL for each class of `bench:server`'s
// terms, on its dataset (same env: BENCH_ADMIN_URL, BENCH_SEED, BENCH_ROWS), written to
// bench/results/search-explain.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import postgres from 'postgres';
import { ensureDataset } from './dataset.js';
import { summaryTable } from './explain-summary.js';
import { COUNT_SQL, FETCH_ALL_MAX, FEW_SQL, PAGE_SQL, pageSql, searchSql } from './search-sql.js';
import { searchTerms } from './search-terms.js';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const { url, workspaceId } = await ensureDataset({
  adminUrl,
  seed: Number(process.env.BENCH_SEED ?? 1),
  rows,
});
const sql = postgres(url, { max: 1, onnotice: () => {} });
const [version] = await sql<{ version: string }[]>`select version()`;
const out = [
  '# EXPLAIN (ANALYZE, BUFFERS) of each search class',
  '',
  `Written by \`npm run bench:explain\` on ${version?.version}, ${rows.toLocaleString()} prospects in the measured`,
  'workspace and as many in 20 others. Each class runs its exact count, then (when it matched) its first page',
  "of 25; then the statement that counts up to 2,000 matches; then the default request's one statement.",
  '',
];
const explain = async (text: string, params: unknown[]) => {
  // Once to warm the cache, as a server's steady state has it; the second run is the one shown.
  await sql.unsafe(`explain (analyze, buffers) ${text}`, params as never[]);
  const plan = await sql.unsafe(`explain (analyze, buffers) ${text}`, params as never[]);
  return plan.map((r) => r['QUERY PLAN']).join('\n');
};
for (const { name, term } of await searchTerms(url, workspaceId, rows)) {
  const search = searchSql(term);
  if (!search) continue;
  const [counts] = await sql.unsafe(COUNT_SQL(search), [workspaceId, search.value]);
  const total = Number(counts?.total);
  out.push(`## ${name}: \`${term}\` (${total.toLocaleString()} matches)`, '');
  out.push('With `count=exact`: the count, then the page.', '', '```');
  out.push(await explain(COUNT_SQL(search), [workspaceId, search.value]));
  if (total > 0) {
    out.push('');
    out.push(
      await explain(pageSql(search, total, Number(counts?.size), 25), [workspaceId, 25, 0, search.value]),
    );
  }
  out.push('```', '');
  out.push(
    `One statement (with \`count=capped\` or \`exact\`, the server's first, which answers alone up to ${FETCH_ALL_MAX.toLocaleString()} matches):`,
    '',
    '```',
  );
  out.push(await explain(FEW_SQL(search), [workspaceId, 25, 0, FETCH_ALL_MAX + 1, search.value]));
  out.push('```', '', 'The default request (`count=none`), its one statement:', '', '```');
  out.push(await explain(PAGE_SQL(search), [workspaceId, 26, search.value]));
  out.push('```', '');
}
const file = new URL('./results/search-explain.md', import.meta.url);
const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
out.splice(
  5,
  0,
  'Execution times, the previous run of this file beside this one:',
  '',
  ...summaryTable(previous, out.join('\n')),
  '',
);
writeFileSync(file, out.join('\n'));
await sql.end();
console.log('wrote bench/results/search-explain.md');
