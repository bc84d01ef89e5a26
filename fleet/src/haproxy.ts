// HAProxy in front of the API instances, as docs/deployment.md shows it: round robin, health checks on /readyz
// every 500 ms (out after 2 failures, back after 2 successes), a failed connection retried on another instance,
// the client's address in X-Forwarded-For. Debian's package, installed the way .ci/run installs services.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';

/** Installs Debian's haproxy when it is missing (CI runs as root, as for PostgreSQL and Redis). */
export function ensureHaproxy(): string {
  const found = () => {
    try {
      return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  let path = found();
  if (path) return path;
  console.log('test:fleet: installing haproxy (apt-get install -y haproxy)');
  execFileSync(
    'sh',
    [
      '-c',
      'apt-get install -y haproxy >/dev/null || (apt-get update >/dev/null && apt-get install -y haproxy >/dev/null)',
    ],
    {
      stdio: 'inherit',
    },
  );
  path = found();
  if (!path)
    throw new Error("haproxy could not be installed; install Debian's haproxy package and run again.");
  return path;
}

/** The configuration, as tested (docs/deployment.md quotes it). */
export function haproxyConfig(options: {
  frontendPort: number;
  apiPorts: readonly number[];
  socket: string;
}): string {
  return `global
  maxconn 2000
  stats socket ${options.socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 10s
  # A connection that failed is retried at once on another instance (every retry redispatches, so no 1-second
  # turn-around on the dead one); a request that reached an instance is never sent twice.
  option redispatch 1
  retries 2
  retry-on conn-failure

frontend api
  bind 127.0.0.1:${options.frontendPort}
  option forwardfor
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${options.apiPorts.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} check`).join('\n')}
`;
}

/** A running HAProxy; see {@link startHaproxy}. */
export interface Haproxy {
  url: string;
  /** `show stat` of the backend's servers: status (`UP`, `DOWN` ...) and current sessions (requests in flight). */
  servers(): Promise<Map<string, { status: string; current: number }>>;
  stop(): Promise<void>;
}

export async function startHaproxy(options: {
  binary: string;
  dir: string;
  frontendPort: number;
  apiPorts: readonly number[];
}): Promise<Haproxy> {
  const socket = join(options.dir, 'haproxy.sock');
  const config = join(options.dir, 'haproxy.cfg');
  await writeFile(config, haproxyConfig({ ...options, socket }));
  const child: ChildProcess = spawn(options.binary, ['-f', config, '-db'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ask = (command: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = createConnection(socket);
      let answer = '';
      connection.on('data', (chunk) => {
        answer += chunk.toString();
      });
      connection.on('end', () => resolve(answer));
      connection.on('error', reject);
      connection.end(`${command}\n`);
    });
  const servers = async () => {
    const csv = await ask('show stat');
    const [header, ...lines] = csv.trim().split('\n');
    const columns = (header ?? '').replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const found = new Map<string, { status: string; current: number }>();
    for (const line of lines) {
      const cells = line.split(',');
      if (cells[at('pxname')] !== 'instances' || cells[at('svname')] === 'BACKEND') continue;
      found.set(cells[at('svname')] as string, {
        status: cells[at('status')] as string,
        current: Number(cells[at('scur')]),
      });
    }
    return found;
  };
  for (let i = 0; ; i++) {
    try {
      await servers();
      break;
    } catch (error) {
      if (i > 50 || child.exitCode !== null)
        throw new Error(`haproxy did not start: ${stderr || (error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${options.frontendPort}`,
    servers,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
