// The child processes of bench/delivery.ts: the receiver, the delivery worker and the floor each run in a
// process of their own, so that each one's CPU (process.cpuUsage) is its own, apart from PostgreSQL, the
// producer and each other.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Sends a message to a child and waits for its answer of the same type (`ready` answers `start`). */
export function ask<T>(child: ChildProcess, message: { type: string } & Record<string, unknown>): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (reply: { type: string }) => {
      if (reply.type !== (message.type === 'start' ? 'ready' : message.type)) return;
      child.off('message', onMessage);
      resolve(reply as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** Forks `bench/<file>` under tsx; BENCH_WORKER_NODE_OPTIONS (e.g. `--cpu-prof`) applies to deliverers. */
export function forkBench(file: string, profile = false): ChildProcess {
  const extra = profile ? (process.env.BENCH_WORKER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []) : [];
  return fork(fileURLToPath(new URL(`./${file}`, import.meta.url)), {
    execArgv: ['--import', 'tsx', ...extra],
    cwd: root,
  });
}

/** A delivering process: the worker (`prospectkit-server worker` as it runs) or the floor's bare loop. */
export interface Deliverer {
  /** CPU time (user + system) the process has used since it started delivering, in µs. */
  cpuMicros(): Promise<number>;
  /** Stops it (the worker hands back its claims) and lets the process exit. */
  stop(): Promise<void>;
}

/** Starts `kind` in its own process, delivering from `databaseUrl` with `concurrency` attempts in flight. */
export async function startDeliverer(
  kind: 'worker' | 'floor',
  options: { databaseUrl: string; ca: string; concurrency: number; userAgent: string },
): Promise<Deliverer> {
  const child = forkBench(kind === 'worker' ? 'delivery-worker.ts' : 'delivery-floor.ts', true);
  await ask(child, { type: 'start', ...options });
  return {
    cpuMicros: async () => (await ask<{ cpuMicros: number }>(child, { type: 'cpu' })).cpuMicros,
    stop: async () => {
      await ask(child, { type: 'stop' });
      child.send({ type: 'exit' });
    },
  };
}
