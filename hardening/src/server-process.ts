import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A reference server running as a child process (`prospectkit-server start` from source). */
export interface ServerProcess {
  pid: number;
  /** e.g. `http://127.0.0.1:41234/api/v1` */
  baseUrl: string;
  port: number;
  /** The demo token printed on the first start of an empty database, if this process printed it. */
  demoToken: string | undefined;
  /** The inbound SMTP listener's port, when `PROSPECTKIT_SMTP_PORT` turned it on. */
  smtpPort: number | undefined;
  /** The demo workspace's inbound address, when the banner printed it. */
  inboundAddress: string | undefined;
  /** Whether the process exited without being asked to. */
  readonly crashed: boolean;
  /** Log lines at warn and above (the child runs with `LOG_LEVEL=warn`). */
  readonly logs: string[];
  /** The last 4,000 characters the process printed (stdout and stderr), for a failure message. */
  tail(): string;
  /** Resident set size in KiB, from `/proc/<pid>/status`. */
  rssKiB(): number | undefined;
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/** Options of {@link startServerProcess}. */
export interface ServerProcessOptions {
  databaseUrl: string;
  /** Port to listen on. Default 0 (any free port). */
  port?: number;
  /** Requests per minute per client address. Default 1,000,000 (out of the way). */
  rateLimit?: number;
  /** Extra environment. */
  env?: Record<string, string>;
  /** How long to wait for the start line, in ms. Default 120000 (tsx compiles on a loaded machine). */
  startTimeoutMs?: number;
}

/**
 * Starts `node --import tsx packages/server/src/cli/index.ts start` and waits for its start line.
 *
 * @throws {Error} when the process exits or stays silent before it listens
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/cli/index.ts', 'start'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(options.port ?? 0),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        PROSPECTKIT_RATE_LIMIT: String(options.rateLimit ?? 1_000_000),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: string[] = [];
  let output = '';
  let recent = '';
  let expected = false;
  let crashed = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then((code) => {
    if (!expected) crashed = true;
    recent =
      `${recent}\n[exited: code ${code}, signal ${child.signalCode}${expected ? ', asked to' : ''}]`.slice(
        -4000,
      );
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (output.length < 100_000) output += text;
    recent = (recent + text).slice(-4000);
    for (const line of text.split('\n')) if (line.startsWith('{') && logs.length < 1000) logs.push(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const started = await new Promise<{ baseUrl: string }>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`server did not start within ${options.startTimeoutMs ?? 120_000} ms:\n${output}`)),
      options.startTimeoutMs ?? 120_000,
    );
    const look = () => {
      const match = /reference server on (http:\/\/\S+\/api\/v1)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ baseUrl: match[1] as string });
      }
    };
    // The banner is for people, on stderr; stdout carries the JSON log lines.
    child.stderr?.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it listened:\n${output}`));
    });
  });
  // The demo token is printed after the start line, possibly in a later chunk: give it up to 2 s to arrive.
  for (let waited = 0; waited < 2000 && !/PROSPECTKIT_TOKEN=pkt_\w+\s/.test(output); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = /PROSPECTKIT_TOKEN=(pkt_\w+)/.exec(output)?.[1];
  for (
    let waited = 0;
    waited < 2000 && options.env?.PROSPECTKIT_SMTP_PORT && !/Settings \(/.test(output);
    waited += 50
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const smtpPort = Number(/Inbound mail \(SMTP\) on [\d.]+:(\d+)/.exec(output)?.[1]) || undefined;
  const inboundAddress = /^\s+(ws_\w+@\S+)\s/m.exec(output)?.[1];
  const pid = child.pid as number;
  const kill = async (signal: NodeJS.Signals) => {
    expected = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    pid,
    baseUrl: started.baseUrl,
    port: Number(new URL(started.baseUrl).port),
    demoToken: token,
    smtpPort,
    inboundAddress,
    get crashed() {
      return crashed;
    },
    logs,
    tail: () => recent,
    rssKiB() {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
        return match ? Number(match[1]) : undefined;
      } catch {
        return undefined;
      }
    },
    kill,
    async stop() {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await kill('SIGTERM');
      clearTimeout(timer);
    },
  };
}
