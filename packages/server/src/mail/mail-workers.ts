import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import type { DNSResolver } from 'mailauth';
import type { EmailHtmlLimits } from './cut-email-html.js';
import { answerDnsQuestions } from './dns-over-port.js';
import type { InboundMailResult, InboundMailTask } from './inbound-mail-task.js';
import type { SanitizedEmailHtml } from './sanitize-email-html.js';

/** How long one message may take in the worker, in ms: far more than a 25 MiB message needs. */
const TASK_TIMEOUT_MS = 60_000;

/** A worker's heap, in MiB: a message that needs more is refused, and the server's own heap is never at risk. */
const WORKER_HEAP_MB = 512;

/** Why the workers could not finish a message: busy (try again later), too slow, or too much for a worker. */
export class MailWorkerError extends Error {
  /** The class name, `'MailWorkerError'`. */
  override readonly name = 'MailWorkerError';
  constructor(
    /**
     * `busy`: the queue is full or the pool is closing; `timeout`: past {@link TASK_TIMEOUT_MS}; `failed`: the
     * message exhausted a worker's heap.
     */
    readonly code: 'busy' | 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** The mail workers: a small pool of threads that parse, check and sanitise mail off the event loop. */
export interface MailWorkers {
  /** Parses a spooled message and checks its sender; DNS questions are answered here by `resolver`. */
  receive(task: Omit<InboundMailTask, 'dnsPort'>, resolver: DNSResolver): Promise<InboundMailResult>;
  /** Sanitises HTML stored before migration 15, on its first view. */
  sanitize(html: string, htmlLimits: EmailHtmlLimits): Promise<SanitizedEmailHtml>;
  /** Tasks finished so far (for tests and the hardening run). */
  readonly completed: number;
  /** Stops the threads; tasks in flight are abandoned. */
  close(): Promise<void>;
}

/** The default thread count: half the cores, at least one, so the API keeps a core while mail is parsed. */
export const DEFAULT_MAIL_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));

/**
 * The worker's module: its TypeScript source beside this file when the server runs from source (through tsx's
 * loader, as the server itself), else the bundle's `inbound-mail-task` entry beside the bundle's chunks.
 */
function workerModule(filename?: string): { filename: string; execArgv: string[] } {
  if (filename) return { filename, execArgv: [] };
  const here = new URL(import.meta.url);
  const extension = extname(here.pathname);
  const fromSource = extension === '.ts';
  return {
    filename: new URL(`./inbound-mail-task${extension}`, here).href,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  };
}

/**
 * Starts the mail workers on piscina: at most `threads` threads (idle ones stop after 30 s) and a queue of at most
 * `maxQueue` tasks; past it a task is refused at once (`busy`), so the listener answers 451 and the sender tries
 * again later. Each task has {@link TASK_TIMEOUT_MS} and a {@link WORKER_HEAP_MB} MiB heap.
 *
 * @param options.threads threads at most. Default {@link DEFAULT_MAIL_THREADS}
 * @param options.maxQueue tasks waiting at most. Default 16
 * @param options.onError told when a thread fails outside a task (its module cannot load, it crashes at start):
 *   the tasks waiting then fail at once as `busy` (the listener answers 451) instead of taking the process down.
 *   Default: one line on standard error.
 * @param options.filename the worker's module, for tests. Default: `inbound-mail-task` beside this module
 * @example
 * const workers = createMailWorkers({ threads: 1, maxQueue: 8 });
 * const { message, senderCheck } = await workers.receive(task, dns.promises.resolve);
 * @see docs/architecture.md, "Mail"
 */
export async function createMailWorkers(
  options: { threads?: number; maxQueue?: number; onError?: (error: Error) => void; filename?: string } = {},
): Promise<MailWorkers> {
  const { Piscina } = await import('piscina');
  const { filename, execArgv } = workerModule(options.filename);
  const pool = new Piscina({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: options.threads ?? DEFAULT_MAIL_THREADS,
    maxQueue: options.maxQueue ?? 16,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // Piscina emits 'error' when a thread fails with no task of its own (at start); unheard, it would end the
  // process. The waiting tasks are stopped so their senders hear 451 now rather than after TASK_TIMEOUT_MS.
  const waiting = new Set<AbortController>();
  pool.on('error', (error: Error) => {
    (options.onError ?? ((e: Error) => console.error(`prospectkit: a mail worker failed: ${e.message}`)))(
      error,
    );
    for (const controller of waiting) controller.abort(new MailWorkerError('busy', 'A mail worker failed.'));
  });
  const run = async <T>(task: unknown, runOptions: { name?: string; transferList?: never[] }): Promise<T> => {
    if (pool.queueSize >= pool.options.maxQueue)
      throw new MailWorkerError('busy', 'The mail workers are busy.');
    const controller = new AbortController();
    waiting.add(controller);
    try {
      const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(TASK_TIMEOUT_MS)]);
      return (await pool.run(task, { ...runOptions, signal })) as T;
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      const { name, message, code } = error as Error & { code?: string };
      if (name === 'AbortError' || name === 'TimeoutError')
        throw new MailWorkerError('timeout', 'The message took too long to read.');
      if (/queue is at limit/i.test(message)) throw new MailWorkerError('busy', 'The mail workers are busy.');
      // Only a message that exhausts a worker's heap is the message's fault; anything else (the pool closing
      // at shutdown, a worker stopped) is the server's, and the sender should try again.
      if (code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new MailWorkerError('failed', 'The message needs more memory than a mail worker has.');
      throw new MailWorkerError('busy', `The mail workers could not take the message (${name}).`);
    } finally {
      waiting.delete(controller);
    }
  };
  return {
    async receive(task, resolver) {
      const channel = new MessageChannel();
      answerDnsQuestions(channel.port1, resolver);
      try {
        return await run<InboundMailResult>(
          { ...task, dnsPort: channel.port2 },
          {
            transferList: [channel.port2] as never[],
          },
        );
      } finally {
        channel.port1.close();
      }
    },
    sanitize: (html, htmlLimits) =>
      run<SanitizedEmailHtml>({ html, htmlLimits }, { name: 'sanitizeStoredHtml' }),
    get completed() {
      return pool.completed;
    },
    close: () => pool.destroy(),
  };
}
