// bench:import's memory step, in a process of its own (bench/import.ts starts it twice: with Node's defaults, and
// with the worker settings of docs/deployment.md; `npx tsx bench/import-memory.ts` runs it alone): BENCH_MEMORY_FILE, or a
// ~BENCH_MEMORY_MB MB CSV (default 100; 1,500-byte notes per row) written here, uploaded and imported in this
// process on a throwaway PostgreSQL database, after a one-row import; the RSS growth over the start (target under 100 MB, issue 29), and
// at the peak the heap's use by V8 space, which says whether the growth is data held or garbage not yet collected.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorkspace, openDatabase } from '@prospectkit/server';
import { withPostgres } from './import-database.js';
import { runImport } from './import-run.js';

const MB = 1024 * 1024;
const memoryMb = Number(process.env.BENCH_MEMORY_MB ?? 100);
const notesBytes = 1500;

const dir = await mkdtemp(join(tmpdir(), 'pk-bench-import-memory-'));
try {
  const given = process.env.BENCH_MEMORY_FILE;
  const big = given
    ? { path: given, rows: Number(process.env.BENCH_MEMORY_ROWS), bytes: (await stat(given)).size }
    : // Loaded only here: bench/import.ts runs this step bundled on plain node, where the fake-data package (its
      // TypeScript sources) cannot load, and hands it the file.
      await (await import('./import-csv-file.js')).writeBenchCsv(
        join(dir, 'big.csv'),
        Math.ceil((memoryMb * MB) / (notesBytes + 200)),
        { notesBytes },
      );
  const result = await withPostgres(async (url) => {
    const db = await openDatabase({ databaseUrl: url });
    try {
      const workspace = await createWorkspace(db, 'Memory bench');
      // A worker that has imported before: the first import starts the import threads and compiles the row
      // rules (the contract's validators), once per process; what the big file adds is measured after it.
      const small = join(dir, 'small.csv');
      await writeFile(small, 'Company,Email\nWarm-up Ltd,warm@up.example\n');
      await runImport(db, { workspaceId: workspace.id, file: small, inProcess: true });
      return await runImport(db, {
        workspaceId: workspace.id,
        file: big.path,
        maxBytes: 1024 * MB,
        inProcess: true,
      });
    } finally {
      await db.close();
    }
  });
  const ok = result.rssGrowth < 100 * MB;
  console.log(
    `\n## memory (PostgreSQL, a process of its own, ${process.env.BENCH_MEMORY_LABEL ?? [...process.execArgv.filter((a) => a.startsWith('--max-old')), process.env.MALLOC_ARENA_MAX ? `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : ''].join(' ')}): ${big.rows.toLocaleString()} rows, ${(big.bytes / MB).toFixed(0)} MB file`,
  );
  console.log('| measure | value | target |\n| --- | --- | --- |');
  console.log(
    `| RSS at the start / peak / growth, upload + import | ${(result.baselineRss / MB).toFixed(0)} / ${(result.peakRss / MB).toFixed(0)} / ${(result.rssGrowth / MB).toFixed(0)} MB | growth < 100 MB: ${ok ? 'met' : 'NOT met'} |`,
  );
  const { heapUsed, heapTotal, external, arrayBuffers } = result.atPeak;
  console.log(
    `| at the peak: heap used / heap total / external / array buffers | ${[heapUsed, heapTotal, external, arrayBuffers].map((b) => (b / MB).toFixed(0)).join(' / ')} MB | |`,
  );
  console.log(`| at the peak, V8's spaces (MB used) | ${result.spaces} | |`);
  console.log(`| import | ${result.seconds.toFixed(1)} s; ${result.job.created_count} created | |`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
