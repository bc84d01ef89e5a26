import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

// `npm run example:quickstart` prints its five lines and nothing else, even when port 2525 (the development
// SMTP port) belongs to another process: the quickstart has no use for inbound mail.
describe('npm run example:quickstart with port 2525 taken', () => {
  let holder: Server | undefined;
  beforeAll(async () => {
    const server = createServer();
    holder = await new Promise<Server | undefined>((resolve) => {
      server.once('error', () => resolve(undefined)); // taken already, by someone else: as good
      server.listen(2525, '127.0.0.1', () => resolve(server));
    });
  });
  afterAll(() => {
    holder?.close();
  });

  it('prints only its own lines: no JSON log line in the middle', { timeout: 120_000 }, async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/quickstart/src/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development' },
    });
    const lines = stdout.trim().split('\n');
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'server',
      'webhook',
      'created',
      'listed',
      'verified',
    ]);
  });
});
