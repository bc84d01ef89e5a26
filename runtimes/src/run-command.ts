import { spawn } from 'node:child_process';

/** What a finished child process printed, and how it ended. */
export interface CommandResult {
  /** Exit code; `null` when a signal ended it (a timeout is SIGKILL). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether it ran past `timeoutMs` and was killed. */
  timedOut: boolean;
  durationMs: number;
}

/** Options of {@link runCommand}. */
export interface RunCommandOptions {
  cwd: string;
  /** Added to (and overriding) this process's environment. */
  env?: Record<string, string | undefined>;
  /** Killed (SIGKILL, with its process group) past this many ms. Default 120,000. */
  timeoutMs?: number;
  /** Runs even after an interrupt: clean-up such as dropping the throwaway database. Default false. */
  cleanup?: boolean;
}

/** Process groups of the programs still running, so an interrupted run can end them (they are detached). */
const running = new Set<number>();
/** Set by {@link killRunningCommands}: after an interrupt nothing new starts. */
let interrupted = false;

/** Registers a detached process group started elsewhere (the servers); returns the function that forgets it. */
export function trackProcessGroup(pid: number): () => void {
  if (interrupted) process.kill(-pid, 'SIGKILL');
  running.add(pid);
  return () => running.delete(pid);
}

/** SIGKILLs every program {@link runCommand} started that is still running; for Ctrl-C. */
export function killRunningCommands(): void {
  interrupted = true;
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Runs a program to completion and collects its output; never throws for a non-zero exit, so a failing runtime
 * becomes a failed cell of the matrix rather than the end of the run.
 *
 * @throws {Error} only when the program cannot be spawned at all (ENOENT)
 */
export function runCommand(
  command: string,
  args: string[],
  options: RunCommandOptions,
): Promise<CommandResult> {
  const started = Date.now();
  if (interrupted && !options.cleanup) return Promise.reject(new Error('[runtimes] interrupted'));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a timeout also ends what it started (a runtime's workers, npm's scripts).
      detached: true,
    });
    if (child.pid !== undefined) running.add(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs ?? 120_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (child.pid !== undefined) running.delete(child.pid);
      resolve({ code, stdout, stderr, timedOut, durationMs: Date.now() - started });
    });
  });
}

/** Like {@link runCommand}, but throws with the output's tail when the program fails: for setup steps. */
export async function runOrThrow(
  command: string,
  args: string[],
  options: RunCommandOptions,
): Promise<string> {
  const result = await runCommand(command, args, options);
  if (result.code !== 0) {
    const tail = `${result.stdout}\n${result.stderr}`.trim().slice(-3000);
    throw new Error(
      `[runtimes] ${command} ${args.join(' ')} failed (${result.timedOut ? 'timed out' : `exit ${result.code}`}) in ${options.cwd}:\n${tail}`,
    );
  }
  return result.stdout;
}
