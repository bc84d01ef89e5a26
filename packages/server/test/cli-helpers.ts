import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { expect, inject } from 'vitest';

const run = promisify(execFile);

/**
 * `node` and the arguments that run `prospectkit-server ...args` from this checkout's sources, bundled once per
 * test run by cli-bundle.global-setup.ts.
 */
export function cliCommand(...args: string[]): [string, string[]] {
  return [process.execPath, [inject('prospectkitCli'), ...args]];
}

/** Runs `prospectkit-server ...args` from source with `env`; resolves to its exit code and output. */
export async function prospectkit(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(...cliCommand(...args), {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * Runs each `[args, message]` in turn and expects exit status 2 with `message` on stderr; a failure names the
 * arguments of the command that broke.
 */
export async function expectMistakes(
  env: Record<string, string>,
  cases: ReadonlyArray<readonly [string[], RegExp]>,
): Promise<void> {
  for (const [args, message] of cases) {
    const result = await prospectkit(env, ...args);
    expect({ args, code: result.code, stderr: result.stderr }).toEqual({
      args,
      code: 2,
      stderr: expect.stringMatching(message),
    });
  }
}

/** A database of its own for one CLI test file: the CLI's environment, `openDatabase`'s options, and cleanup. */
export type CliTarget = {
  env: Record<string, string>;
  target: { databaseUrl?: string; dataDir?: string };
  cleanup: () => Promise<void>;
};

/** PGlite in a temporary directory, and with `TEST_DATABASE_URL` a new PostgreSQL database (dropped after). */
export function cliTargets(prefix: string): Array<[string, () => Promise<CliTarget>]> {
  const targets: Array<[string, () => Promise<CliTarget>]> = [
    [
      'pglite',
      async () => {
        const dir = await mkdtemp(join(tmpdir(), `pk-${prefix}-`));
        return {
          env: { PROSPECTKIT_DATA_DIR: join(dir, 'data') },
          target: { dataDir: join(dir, 'data') },
          cleanup: () => rm(dir, { recursive: true, force: true }),
        };
      },
    ],
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url)
    targets.push([
      'postgres',
      async () => {
        const name = `pk_${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const admin = postgres(url, { max: 1, onnotice: () => {} });
        await admin.unsafe(`create database ${name}`);
        const target = new URL(url);
        target.pathname = `/${name}`;
        return {
          env: { DATABASE_URL: target.toString() },
          target: { databaseUrl: target.toString() },
          cleanup: async () => {
            await admin.unsafe(`drop database if exists ${name} with (force)`);
            await admin.end();
          },
        };
      },
    ]);
  return targets;
}
