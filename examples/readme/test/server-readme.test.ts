// Runs the server README's blocks as written: `startServer(loadConfig())` with its settings in the environment
// (a free port, PGlite in a temporary directory), stopped through the SIGTERM handler it installs; then the
// in-process test server.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import { captureLogs } from './readme-harness.js';

const logs = captureLogs();

it('From code: startServer(loadConfig()) serves, and stops on SIGTERM', async () => {
  const dataDir = join(await mkdtemp(join(tmpdir(), 'pk-readme-')), 'data');
  for (const [name, value] of Object.entries({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    PROSPECTKIT_DATA_DIR: dataDir,
    PROSPECTKIT_ADMIN_PASSWORD: 'readme-example-password',
    LOG_LEVEL: 'silent',
  }))
    vi.stubEnv(name, value);
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
    const baseUrl = /^API on (\S+), settings on /.exec(String(line?.[0]))?.[1];
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect((await fetch(new URL('/healthz', baseUrl))).status).toBe(200);
    stop.get('SIGTERM')?.();
    // close() releases the data directory's lock last, after the server and the worker stopped.
    for (let waited = 0; existsSync(`${dataDir}.lock`) && waited < 10_000; waited += 50) await sleep(50);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    await expect(fetch(new URL('/healthz', baseUrl))).rejects.toThrow();
  } finally {
    vi.mocked(process.once).mockRestore();
    await rm(join(dataDir, '..'), { recursive: true, force: true });
  }
  // PGlite's first start and the migrations take 10-30 s on a busy 2-core machine.
}, 120_000);

it('Use it in tests: startTestServer', async () => {
  await import('../src/server/test-server.js');
}, 120_000);
