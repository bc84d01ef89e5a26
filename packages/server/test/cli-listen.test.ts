// A start that cannot listen must say so and create nothing: `start` and `worker` against a port another process
// holds (and an address that is not this machine's), each exiting 1 with a message that names the setting, before
// any workspace, token or password exists and before any banner is printed.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database.js';
import { prospectkit } from './cli-helpers.js';

/** A port another process (this test) listens on. */
async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

/** Whether the data directory holds any workspace, token or generated password. */
async function created(dataDir: string): Promise<Record<string, number>> {
  const db = await openDatabase({ dataDir });
  try {
    const count = async (table: string) =>
      Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n);
    return {
      workspaces: await count('workspaces'),
      tokens: await count('api_tokens'),
      passwords: await count('settings_admin where password_hash is not null'),
    };
  } finally {
    await db.close();
  }
}

describe('a port that cannot be bound', { timeout: 120_000 }, () => {
  let dir: string;
  let busy: { port: number; server: Server };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pk-listen-'));
    busy = await occupiedPort();
  });
  afterAll(async () => {
    busy.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const nothing = { workspaces: 0, tokens: 0, passwords: 0 };
  const base = (name: string) => ({
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PROSPECTKIT_SMTP_PORT: 'off',
    PROSPECTKIT_DATA_DIR: join(dir, name),
  });

  it.each([
    [
      'PORT',
      { PORT: 'BUSY' },
      [],
      /Cannot start the API on 127\.0\.0\.1:BUSY: another process is listening on that port\. Stop it, or set PORT to a free port\./,
    ],
    ['--port', { PORT: '0' }, ['--port', 'BUSY'], /set --port to a free port/],
    [
      'PROSPECTKIT_SMTP_PORT',
      { PORT: '0', PROSPECTKIT_SMTP_PORT: 'BUSY' },
      [],
      /Cannot start the inbound SMTP listener on 127\.0\.0\.1:BUSY: .*set PROSPECTKIT_SMTP_PORT to a free port/,
    ],
    [
      'PROSPECTKIT_METRICS_PORT',
      { PORT: '0', PROSPECTKIT_METRICS_PORT: 'BUSY' },
      [],
      /Cannot start the metrics listener on 127\.0\.0\.1:BUSY: .*set PROSPECTKIT_METRICS_PORT to a free port/,
    ],
    [
      'HOST (not this machine)',
      { PORT: '0', HOST: '192.0.2.1' },
      [],
      /Cannot start the API on 192\.0\.2\.1:0: 192\.0\.2\.1 is not an address of this machine\. Set HOST to one of its addresses/,
    ],
  ] as const)(
    'start with a busy %s exits 1 naming it, and creates and prints nothing',
    async (name, env, args, message) => {
      const dataDir = join(dir, `start-${name.replace(/\W/g, '')}`);
      const withPort = Object.fromEntries(
        Object.entries({ ...base(name), PROSPECTKIT_DATA_DIR: dataDir, ...env }).map(([k, v]) => [
          k,
          v.replace('BUSY', String(busy.port)),
        ]),
      );
      const result = await prospectkit(
        withPort,
        'start',
        ...args.map((a) => a.replace('BUSY', String(busy.port))),
      );
      const pattern = new RegExp(message.source.replaceAll('BUSY', String(busy.port)));
      expect({ code: result.code, stderr: result.stderr }).toEqual({
        code: 1,
        stderr: expect.stringMatching(pattern),
      });
      expect(result.stderr + result.stdout).not.toMatch(
        /reference server on|PROSPECTKIT_TOKEN|Administrator password/,
      );
      expect(await created(dataDir)).toEqual(nothing);
    },
  );

  it('worker with a busy PROSPECTKIT_METRICS_PORT exits 1 naming it, before it works', async () => {
    const result = await prospectkit(
      { ...base('worker'), PROSPECTKIT_METRICS_PORT: String(busy.port) },
      'worker',
    );
    expect({ code: result.code, stderr: result.stderr }).toEqual({
      code: 1,
      stderr: expect.stringMatching(
        new RegExp(
          `Cannot start the metrics listener on 127\\.0\\.0\\.1:${busy.port}: another process is listening on that port\\. Stop it, or set PROSPECTKIT_METRICS_PORT to a free port\\.`,
        ),
      ),
    });
    expect(result.stdout).not.toContain('worker running');
  });

  it('worker with PROSPECTKIT_METRICS_HOST not of this machine exits 1 naming it', async () => {
    const result = await prospectkit(
      { ...base('worker-host'), PROSPECTKIT_METRICS_PORT: '0', PROSPECTKIT_METRICS_HOST: '192.0.2.1' },
      'worker',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /192\.0\.2\.1 is not an address of this machine\. Set PROSPECTKIT_METRICS_HOST/,
    );
  });
});
