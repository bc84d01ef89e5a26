// One measured import for the import benchmark: upload (storeImportUpload from the file), start, and either
// wait for the server's runner (GETting the prospect list 10 times a second meanwhile) or run it in-process;
// RSS sampled every 50 ms throughout.
import { createReadStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import {
  type Database,
  getImportJob,
  type ImportJob,
  inspectImport,
  runImportNow,
  startImport,
  storeImportUpload,
} from '@prospectkit/server';

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

export async function runImport(
  db: Database,
  options: {
    workspaceId: string;
    file: string;
    listUrl?: string;
    token?: string;
    maxBytes?: number;
    inProcess?: boolean;
  },
) {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peakRss = baseline;
  let atPeak = process.memoryUsage();
  let spaces = '';
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peakRss) {
      peakRss = now.rss;
      atPeak = now;
      spaces = v8
        .getHeapSpaceStatistics()
        .map((sp) => `${sp.space_name} ${(sp.space_used_size / 1048576).toFixed(0)}`)
        .join(', ');
    }
  }, 50);
  const gets: number[] = [];
  let getting = false;
  const getter = async () => {
    while (getting) {
      const started = performance.now();
      const answer = await fetch(options.listUrl as string, {
        headers: { authorization: `Bearer ${options.token}` },
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`GET answered ${answer.status}`);
      gets.push(performance.now() - started);
      await sleep(Math.max(0, 100 - (performance.now() - started)));
    }
  };
  const started = performance.now();
  try {
    const uploaded = await storeImportUpload(db, {
      workspaceId: options.workspaceId,
      fileName: 'bench.csv',
      source: createReadStream(options.file, { highWaterMark: 256 * 1024 }),
      maxBytes: options.maxBytes ?? 1024 * 1024 * 1024,
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    const { mapping } = await inspectImport(db, {
      workspaceId: options.workspaceId,
      jobId: uploaded.id,
      previewRows: 0,
    });
    const runStarted = performance.now();
    let job: ImportJob;
    getting = options.listUrl !== undefined;
    // A server that has answered before: its first request compiles the operation's validators and plans.
    if (getting)
      await (
        await fetch(options.listUrl as string, { headers: { authorization: `Bearer ${options.token}` } })
      ).arrayBuffer();
    const getting$ = getting ? getter() : Promise.resolve();
    await startImport(db, {
      workspaceId: options.workspaceId,
      jobId: uploaded.id,
      mapping,
      duplicates: 'skip',
    });
    if (options.inProcess)
      job = await runImportNow(db, { workspaceId: options.workspaceId, jobId: uploaded.id });
    else {
      for (;;) {
        job = (await getImportJob(db, { workspaceId: options.workspaceId, jobId: uploaded.id })) as ImportJob;
        if (['succeeded', 'failed', 'cancelled'].includes(job.status)) break;
        await sleep(200);
      }
    }
    getting = false;
    await getting$;
    const done = performance.now();
    return {
      job,
      seconds: (done - started) / 1000,
      uploadSeconds,
      runSeconds: (done - runStarted) / 1000,
      gets,
      p50: percentile(gets, 0.5),
      p99: percentile(gets, 0.99),
      baselineRss: baseline,
      atPeak,
      spaces,
      peakRss,
      rssGrowth: peakRss - baseline,
    };
  } finally {
    getting = false;
    clearInterval(sampler);
  }
}
