import { SingleBar } from 'cli-progress';
import type { ImportJob } from '../store/import-jobs.js';

/** Shows an import's progress; see {@link createImportProgress}. */
export interface ImportProgress {
  update(job: Pick<ImportJob, 'rows_done' | 'total_rows'>): void;
  stop(): void;
}

/**
 * The import's progress on `stream` (stderr, so `--json` output stays clean): a cli-progress bar on a terminal,
 * else one plain line per committed batch, at most one a second (and always the last), never the same line
 * twice, such as `import: 1500/10000 rows (15%)`.
 *
 * @param options.isTTY whether `stream` is a terminal. Default: `stream.isTTY`
 * @param options.now milliseconds, for the plain lines' pace. Default `Date.now`
 */
export function createImportProgress(options: {
  stream: NodeJS.WriteStream;
  isTTY?: boolean;
  now?: () => number;
}): ImportProgress {
  const { stream } = options;
  if (options.isTTY ?? stream.isTTY === true) {
    const bar = new SingleBar({
      stream,
      format: 'import [{bar}] {percentage}% | {value}/{total} rows | ETA {eta_formatted}',
      hideCursor: true,
      noTTYOutput: false,
    });
    let started = false;
    return {
      update(job) {
        const total = job.total_rows ?? job.rows_done;
        if (!started) bar.start(total, job.rows_done);
        else bar.update(job.rows_done);
        started = true;
      },
      stop: () => {
        if (started) bar.stop();
      },
    };
  }
  const now = options.now ?? Date.now;
  let lastAt = Number.NEGATIVE_INFINITY;
  let pending: string | undefined;
  let written: string | undefined;
  return {
    update(job) {
      const percent = job.total_rows ? ` (${Math.floor((job.rows_done / job.total_rows) * 100)}%)` : '';
      const line = `import: ${job.rows_done}/${job.total_rows ?? '?'} rows${percent}\n`;
      // The same counts come again (the run's final, empty commit; a job polled while another process runs it):
      // a line says something new or is not written.
      pending = line === written ? undefined : line;
      if (pending !== undefined && now() - lastAt >= 1000) {
        stream.write(pending);
        written = pending;
        pending = undefined;
        lastAt = now();
      }
    },
    stop() {
      if (pending) stream.write(pending);
      pending = undefined;
    },
  };
}
