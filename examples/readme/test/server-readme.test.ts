// Runs the server README's blocks as written: `startServer(loadConfig())` with its settings in the environment
// (a free port; a throwaway database on TEST_DATABASE_URL's server, or PGlite in a temporary directory without
// it), stopped through the SIGTERM handler it installs; then the in-process test server.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { expect, it, vi } from 'vitest';
import { captureLogs } from './readme-harness.js';

const logs = captureLogs();

/** Polls `done` every 50 ms, for at most 20 s. */
async function waitFor(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await done()) && waited < 20_000; waited += 50) await sleep(50);
}

/** Where the block's `loadConfig()` finds its database, and how to drop it afterwards. */
async function throwawayDatabase(): Promise<{
  env: Record<string, string>;
  stopped(): Promise<boolean>;
  drop(): Promise<void>;
}> {
  const testUrl = process.env.TEST_DATABASE_URL;
  if (testUrl) {
    // A database of its own: PostgreSQL starts in a fraction of PGlite's time, which a busy CI machine needs.
    const name = `pk_readme_${process.pid}_${Date.now()}`;
    const admin = postgres(testUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(testUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.href, PROSPECTKIT_DATA_DIR: '' },
      stopped: async () => true,
      async drop() {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = join(await mkdtemp(join(tmpdir(), 'pk-readme-')), 'data');
  return {
    env: { DATABASE_URL: '', PROSPECTKIT_DATA_DIR: dataDir },
    // close() releases the data directory's lock last, after the server and the worker stopped.
    stopped: async () => !existsSync(`${dataDir}.lock`),
    drop: () => rm(join(dataDir, '..'), { recursive: true, force: true }),
  };
}

it('From code: startServer(loadConfig()) serves, and stops on SIGTERM', async () => {
  const database = await throwawayDatabase();
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PROSPECTKIT_ADMIN_PASSWORD: 'readme example passphrase',
  };
  for (const [name, value] of Object.entries({ ...env, ...database.env })) vi.stubEnv(name, value);
  // The block's signal handlers, kept here instead of on the test process.
  const stop = new Map<string, () => void>();
  const once = process.once.bind(process);
  vi.spyOn(process, 'once').mockImplementation(((event: string, listener: () => void) => {
    if (event !== 'SIGTERM' && event !== 'SIGINT') return once(event, listener);
    stop.set(event, listener);
    return process;
  }) as typeof process.once);
  try {
    await import('../src/server/start-server.js');
    const [line] = logs;
    const baseUrl = /^API on (\S+), the app on /.exec(String(line?.[0]))?.[1];
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const healthz = () => fetch(new URL('/healthz', baseUrl)).then((r) => r.status);
    expect(await healthz()).toBe(200);
    stop.get('SIGTERM')?.();
    await waitFor(
      async () => (await healthz().catch(() => 'closed')) === 'closed' && (await database.stopped()),
    );
    await expect(healthz()).rejects.toThrow();
    expect(await database.stopped()).toBe(true);
  } finally {
    vi.mocked(process.once).mockRestore();
    await database.drop();
  }
  // PGlite's first start and the migrations take 10-100 s on a busy 2-core machine.
}, 240_000);

it('Use it in tests: startTestServer', async () => {
  await import('../src/server/test-server.js');
}, 240_000);
