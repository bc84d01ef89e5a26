// The child processes of `npm run bench:server` (the reference server and its floor) and what they cost: CPU
// time from /proc, peak memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts `node args` in the repository with `env` added, resolving once a line of its output matches `ready`;
 * `onOutput` sees all of it (stdout and stderr) from the start.
 */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  onOutput?: (text: string) => void,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      onOutput?.(chunk.toString());
      if (ready.test(chunk.toString())) resolve();
    };
    // The reference server prints its banner on stderr, the floor on stdout.
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      onData(chunk);
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return child;
}

/** Stops the children and waits for them to exit, so `--cpu-prof` profiles are written before the run ends. */
export async function stopChildren(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.removeAllListeners('exit');
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

export function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) of one process, in µs, from /proc (clock ticks of 10 ms). */
export function processCpuMicros(pid: number | string | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
  } catch {
    return 0; // the process ended between the listing and the read
  }
}

/** CPU time of every PostgreSQL process on the machine (the server's backends and its background processes), in µs. */
export function postgresCpuMicros(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMicros(entry);
    } catch {
      // gone already
    }
  }
  return total;
}
