import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { CONTRACT_PATH } from './contract.js';

const require = createRequire(import.meta.url);

/** Prism's CLI entry point, resolved from the pinned `@stoplight/prism-cli` (never a global `prism`). */
function prismEntry(): string {
  return join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
}

/** A Prism validating proxy running as a child process in front of one upstream. */
export interface PrismProcess {
  /** Prism's own origin, e.g. `http://127.0.0.1:41235`; contract paths go below it (`/prospects`). */
  origin: string;
  /** Whether the process exited without being asked to. */
  readonly crashed: boolean;
  /** The last lines Prism printed, for a failure message. */
  tail(): string;
  stop(): Promise<void>;
}

/** Options of {@link startPrismProxy}. */
export interface PrismProxyOptions {
  /** The upstream's base URL including `/api/v1`, e.g. `http://127.0.0.1:41234/api/v1`. */
  upstream: string;
  /** How long to wait for Prism's listening line, in ms. Default 120000 (it parses the contract first). */
  startTimeoutMs?: number;
}

/** A port free on 127.0.0.1 right now (Prism is told its port; at `--verboseLevel warn` it prints no address). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts `prism proxy openapi/openapi.yaml <upstream>` on a free loopback port.
 *
 * Prism runs without `--errors` on purpose: with it, Prism answers every request it judges invalid (a missing
 * token, a bad body) with its own 401 or 422 and never forwards it, so the server's own 4xx answers would go
 * unchecked. Without it every request reaches the server and Prism reports what it finds in the
 * `sl-violations` response header, request and response violations alike; the caller counts the response ones.
 *
 * @throws {Error} when Prism exits or stays silent before it listens
 */
export async function startPrismProxy(options: PrismProxyOptions): Promise<PrismProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      prismEntry(),
      'proxy',
      CONTRACT_PATH,
      options.upstream,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--cors=false',
      '--errors=false',
      '--validate-request=true',
      '--verboseLevel',
      'warn',
    ],
    { env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let expected = false;
  let crashed = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => {
    if (!expected) crashed = true;
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  const until = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`Prism exited (${child.exitCode ?? child.signalCode}) before it listened:\n${output}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`Prism did not listen on ${port} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    get crashed() {
      return crashed;
    },
    tail: () => output.slice(-2000),
    async stop() {
      expected = true;
      if (child.exitCode === null && child.signalCode === null) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
