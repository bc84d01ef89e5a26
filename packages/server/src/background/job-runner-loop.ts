import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';

/** What the loop reads of a claimed job: its id, the rows it has done and how many times it was claimed. */
export interface LoopJob {
  /** The job's id, logged under the kind's `jobIdKey`. */
  id: string;
  /** Rows done before this claim, logged when it is claimed. */
  rows_done: number;
  /** Claims so far, this one included; past `maxAttempts` the job is given up. */
  attempts: number;
}

/** How a run of a claimed job ended: the job `runOnce` resolves to, and the fields of the "run ended" log line. */
export interface LoopRunEnd<J> {
  /** What `runOnce` resolves to. */
  job: J;
  /** Logged after the job's id on the line `<kind> job run ended`. */
  log: Record<string, unknown>;
}

/** Options of {@link createJobRunnerLoop}: one kind of job (its table's claim, run, give-up and release). */
export interface JobRunnerLoopOptions<J extends LoopJob> {
  /** The kind's word in log lines and errors (`import` gives `import job claimed`). */
  kind: string;
  /** The log field that holds a job's id (`importJobId`). */
  jobIdKey: string;
  /** The database whose NOTIFY channel wakes the loop. */
  db: Database;
  /** Where the claim, the end and the failure of each run are logged. */
  logger: Logger;
  /** Reads the claim's time and each later instant. */
  clock: Clock;
  /** The NOTIFY channel the kind's producers signal on. */
  channel: string;
  /** How long a claim holds a job, in milliseconds. */
  leaseMs: number;
  /** How often to look for work besides NOTIFY, in milliseconds. */
  pollMs: number;
  /** Claims after which a job is given up instead of run. */
  maxAttempts: number;
  /** Claims one claimable job (or `jobId` only) until `leaseUntil`; `undefined` when there is none. */
  claim(at: { now: Date; leaseUntil: Date; jobId?: string }): Promise<J | undefined>;
  /** Ends a job claimed more than `maxAttempts` times; `now` is the claim's time. */
  giveUp(job: J, now: Date): Promise<void>;
  /**
   * Runs a claimed job, setting `held.job` to the job under its latest lease as it renews it; it stops early,
   * handing the lease back, when `stopping()` says so.
   */
  run(held: { job: J }, stopping: () => boolean): Promise<LoopRunEnd<J>>;
  /** Hands back the lease of a job whose run threw (`held.job`), so it is retried; its own errors are ignored. */
  release(job: J, error: unknown): Promise<void>;
  /** Called at each poll, after the wake-up. Default: nothing. */
  onPoll?(): void;
  /** Called as `stop` begins, before it waits for the run in progress. Default: nothing. */
  onStop?(): void;
}

/** A job runner's life; see {@link createJobRunnerLoop}. */
export interface JobRunnerLoop<J> {
  /** Listens for NOTIFY and polls. */
  start(): Promise<void>;
  /** Stops after the batch in progress (the kind's run hands its lease back), then stops listening. */
  stop(): Promise<void>;
  /** Claims and runs one job (or `jobId` only) to its end; resolves to the job, or `undefined` when none. */
  runOnce(jobId?: string): Promise<J | undefined>;
}

/**
 * The life every runner of background jobs shares (the import runner, `import/create-import-runner.ts`, and the
 * bulk runner, `bulk/create-bulk-runner.ts`): claim a job under a lease, give it up past `maxAttempts` claims, run
 * it, hand its lease back when the run throws, and work through claimable jobs whenever NOTIFY or the poll wakes it.
 *
 * Its states: `idle` (created; `runOnce` works), `running` (started), `stopping` (waiting for the run in progress,
 * which sees `stopping()` and hands its lease back), `stopped`. While running, `draining` says whether it is working
 * through claimable jobs, and `wanted` that a wake-up came meanwhile, so it looks again once done.
 *
 * @param options the kind of job and the runner's settings; see {@link JobRunnerLoopOptions}
 * @returns the loop, `idle`
 * @throws Error from `start` when the loop was already started
 * @example
 * const loop = createJobRunnerLoop({ kind: 'bulk', jobIdKey: 'bulkJobId', db, logger, clock, channel: BULK_CHANNEL,
 *   leaseMs: 60_000, pollMs: 5_000, maxAttempts: 5, claim, giveUp, run, release });
 * await loop.start();
 */
export function createJobRunnerLoop<J extends LoopJob>(options: JobRunnerLoopOptions<J>): JobRunnerLoop<J> {
  const { kind, jobIdKey, db, logger, clock } = options;
  let state: 'idle' | 'running' | 'stopping' | 'stopped' = 'idle';
  let draining: Promise<void> | undefined;
  let wanted = false;
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const stopping = () => state === 'stopping';

  const runOnce = async (jobId?: string): Promise<J | undefined> => {
    const now = clock.now();
    const job = await options.claim({
      now,
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      ...(jobId ? { jobId } : {}),
    });
    if (!job) return undefined;
    if (job.attempts > options.maxAttempts) {
      await options.giveUp(job, now);
      return job;
    }
    logger.info(
      { [jobIdKey]: job.id, rowsDone: job.rows_done, attempt: job.attempts },
      `${kind} job claimed`,
    );
    const held = { job };
    try {
      const ended = await options.run(held, stopping);
      logger.info({ [jobIdKey]: job.id, ...ended.log }, `${kind} job run ended`);
      return ended.job;
    } catch (error) {
      logger.error({ [jobIdKey]: job.id, err: error }, `${kind} job failed; it is retried`);
      await options.release(held.job, error).catch(() => {});
      return job;
    }
  };

  const drain = async () => {
    do {
      wanted = false;
      try {
        while (state === 'running' && (await runOnce()) !== undefined) {}
      } catch (error) {
        logger.error({ err: error }, `${kind} runner could not claim a job`);
      }
    } while (wanted && state === 'running');
  };
  const wake = () => {
    if (state !== 'running') return;
    if (draining) {
      wanted = true;
      return;
    }
    draining = drain().finally(() => {
      draining = undefined;
    });
  };

  return {
    async start() {
      if (state !== 'idle') throw new Error(`The ${kind} runner was already started.`);
      state = 'running';
      unlisten = await db.listen(options.channel, wake);
      timer = setInterval(() => {
        wake();
        options.onPoll?.();
      }, options.pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      if (state === 'stopped' || state === 'stopping') return;
      state = 'stopping';
      options.onStop?.();
      if (timer) clearInterval(timer);
      await draining;
      // At shutdown the listening connection may already be closed (as in delivery-worker.ts): nothing listens
      // any more, which is what stopping wants.
      await unlisten?.().catch(() => {});
      state = 'stopped';
    },
    runOnce,
  };
}
