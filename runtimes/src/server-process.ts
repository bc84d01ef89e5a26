import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { trackProcessGroup } from './run-command.js';

/** `prospectkit-server start`, run from the consumer project's installed tarball. */
export interface ServerProcess {
  /** e.g. `http://127.0.0.1:41234/api/v1`, from the start line. */
  baseUrl: string;
  /** The `PROSPECTKIT_TOKEN=pkt_...` the first start prints; `undefined` when it printed none. */
  token: string | undefined;
  startMs: number;
  /** SIGTERM to the server under npx; resolves with npx's exit code, which is the server's. */
  stop(): Promise<number | null>;
  /** What it printed, for a failure message (the token is printed once, to the terminal, by design). */
  output(): string;
}

/** Options of {@link startServerProcess}. */
export interface StartServerOptions {
  consumerDir: string;
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** How long to wait for the start line, in ms. Default 120,000 (PGlite's first start migrates). */
  timeoutMs?: number;
}

/** The processes of group `groupId` running the prospectkit-server bin, from /proc (the runner is Linux-only). */
function serverPids(groupId: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 5 of /proc/<pid>/stat is the process group; the command name before it may contain spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      // The server is `node …/node_modules/.bin/prospectkit-server start`; npx's own command line names only the bin.
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (command.includes('node_modules/.bin/prospectkit-server')) pids.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/**
 * Runs `npx prospectkit-server start` on a free port of 127.0.0.1 and waits for the token and start lines.
 * NODE_ENV is removed: the demo workspace and token are bootstrapped outside production only.
 *
 * @throws {Error} when the process exits or prints no start line within `timeoutMs`
 */
export function startServerProcess(options: StartServerOptions): Promise<ServerProcess> {
  const started = Date.now();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    PROSPECTKIT_DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: undefined,
  };
  const child: ChildProcess = spawn('npx', ['--no-install', 'prospectkit-server', 'start'], {
    cwd: options.consumerDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  const untrack = child.pid === undefined ? () => false : trackProcessGroup(child.pid);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      untrack();
      resolve(code);
    }),
  );
  const stop = async () => {
    // npm exec does not pass SIGTERM on (it dies and leaves the server running), so signal the server itself.
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      for (const pid of serverPids(child.pid)) process.kill(pid, 'SIGTERM');
    }
    // A server that ignores SIGTERM is ended with its whole group, and its check fails on the exit code.
    const killer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }, 15_000);
    const code = await exited;
    clearTimeout(killer);
    return code;
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      void stop();
      reject(new Error(`[runtimes] prospectkit-server start ${why}:\n${printed.slice(-3000)}`));
    };
    const timer = setTimeout(
      () => fail(`printed no start line in ${options.timeoutMs ?? 120_000} ms`),
      options.timeoutMs ?? 120_000,
    );
    const onData = (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      // The app line comes after the start line and the token (cli.ts), so the start output is complete.
      if (!/App \(prospects, inbox, settings: tokens, webhooks\)/.test(printed)) return;
      clearTimeout(timer);
      const baseUrl = /reference server on (http:\/\/\S+\/api\/v1)/.exec(printed)?.[1];
      if (baseUrl === undefined) return fail('printed no base URL');
      resolve({
        baseUrl,
        token: /PROSPECTKIT_TOKEN=(pkt_\S+)/.exec(printed)?.[1],
        startMs: Date.now() - started,
        stop,
        output: () => printed,
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => fail(`exited with code ${code}`));
  });
}
