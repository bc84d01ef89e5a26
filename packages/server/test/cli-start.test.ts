import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database.js';
import { cliCommand, prospectkit } from './cli-helpers.js';

/** Runs `prospectkit-server start` until its banner is complete, then stops it with `signal` (SIGTERM). */
async function start(
  env: Record<string, string>,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(...cliCommand('start'), {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  // The banner ends with the settings address and a line on how to sign in there.
  while (!/App \(prospects, inbox, settings: tokens, webhooks\): [^\n]+\n[^\n]+\n/.test(stdout + stderr)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`start did not finish its banner:\n${stdout}\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill(signal);
  await exited;
  return { stdout, stderr };
}

/** Every line pino wrote: stdout must hold JSON log lines and nothing else. */
function expectOnlyJsonLines(stdout: string): void {
  for (const line of stdout.split('\n').filter((l) => l.trim() !== '')) {
    expect(() => JSON.parse(line), line).not.toThrow();
  }
}

describe('prospectkit-server start', { timeout: 180_000 }, () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("after a SIGKILL on the embedded database, the next process starts at once: the dead holder's lock is taken over", async () => {
    dir = await mkdtemp(join(tmpdir(), 'pk-start-'));
    const env = { PROSPECTKIT_DATA_DIR: join(dir, 'data'), PROSPECTKIT_SMTP_PORT: 'off' };
    await start(env, 'SIGKILL');
    // At once, while the dead process's lock is fresh (proper-lockfile would call it stale only after 15 s).
    const next = await prospectkit(env, 'workspace', 'list', '--json');
    expect({ code: next.code, stderr: next.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(next.stdout)).toHaveLength(1);
  });

  it('in production on an empty database creates no workspace or token and says on stderr how to make them', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pk-start-'));
    const dataDir = join(dir, 'data');
    const { stdout, stderr } = await start({
      NODE_ENV: 'production',
      PROSPECTKIT_DATA_DIR: dataDir,
      PROSPECTKIT_PUBLIC_URL: 'https://api.example.com',
      PROSPECTKIT_TRUST_PROXY: '1',
      PROSPECTKIT_ADMIN_PASSWORD: 'correct horse battery staple',
    });
    expect(stdout + stderr).not.toContain('pkt_');
    expectOnlyJsonLines(stdout);
    expect(stderr).toContain('prospectkit-server workspace create --name');
    expect(stderr).toContain('prospectkit-server token create');
    const db = await openDatabase({ dataDir });
    try {
      expect(await db.query('select id from workspaces')).toEqual([]);
      expect(await db.query('select id from api_tokens')).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('in development creates the demo workspace and token and prints them on stderr, never on stdout', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pk-start-'));
    const { stdout, stderr } = await start({
      NODE_ENV: 'development',
      PROSPECTKIT_DATA_DIR: join(dir, 'data'),
    });
    expect(stderr).toMatch(/PROSPECTKIT_TOKEN=pkt_\w+/);
    expect(stderr).toMatch(/Administrator password \(shown once, only its hash is kept\): [\w-]{24}/);
    expect(stderr).toContain('Sign in as the owner, owner@localhost.');
    expect(stdout).not.toContain('pkt_');
    expectOnlyJsonLines(stdout);
  });
});
