import { type ChildProcess, spawn } from 'node:child_process';

/** One `prospectkit-server` process of the fleet (`start` or `worker`), restartable on the same ports. */
export interface FleetProcess {
  name: string;
  kind: 'api' | 'worker';
  /** The API's port (HAProxy's backend), for `start`. */
  port: number | undefined;
  /** `PROSPECTKIT_METRICS_PORT`: every process serves its own metrics, and /readyz there. */
  metricsPort: number;
  readonly alive: boolean;
  /** Starts it and resolves once its /readyz answers 200. */
  start(): Promise<void>;
  /** Sends `signal` and resolves when it has exited, with the time it exited. */
  kill(signal: NodeJS.Signals): Promise<number>;
  /** What it printed last, for a failure message. */
  tail(): string;
}

export function fleetProcess(options: {
  name: string;
  kind: 'api' | 'worker';
  cli: string;
  args: string[];
  env: Record<string, string>;
  port?: number;
  metricsPort: number;
}): FleetProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<number> = Promise.resolve(Date.now());
  let output = '';
  let stopping = false;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  return {
    name: options.name,
    kind: options.kind,
    port: options.port,
    metricsPort: options.metricsPort,
    get alive() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      stopping = false;
      child = spawn(process.execPath, [options.cli, ...options.args], {
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      const current = child;
      exited = new Promise((resolve) =>
        current.once('exit', (code, signal) => {
          // A process that dies when nobody stopped it is the first thing a failure needs to show.
          if (!stopping)
            console.error(
              `test:fleet: ${options.name} exited unexpectedly (${signal ?? `code ${code}`}); its last output:\n${output}`,
            );
          resolve(Date.now());
        }),
      );
      const readyz = `http://127.0.0.1:${options.kind === 'api' ? options.port : options.metricsPort}/readyz`;
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (current.exitCode !== null) throw new Error(`${options.name} exited at start:\n${output}`);
        const ok = await fetch(readyz).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`${options.name} was not ready within 90 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill(signal) {
      stopping = true;
      child?.kill(signal);
      return exited;
    },
    tail: () => output,
  };
}
