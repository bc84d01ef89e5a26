import { Writable } from 'node:stream';
import { openTestDatabase } from '@prospectkit/server/testing';
import { describe, expect, it } from 'vitest';
import { createApiToken, createApp, createLimiter, createLogger, createWorkspace } from '../src/index.js';

describe('request logs', () => {
  it('write one line per request with id, status and duration, and never the token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const db = await openTestDatabase('pglite');
    const limiter = createLimiter(db, 100);
    const app = createApp({
      db,
      logger: createLogger('info', sink),
      limiter: limiter.limiter,
      signInLimiter: limiter.signInLimiter,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { id } = await createWorkspace(db, 'Logs');
      const now = new Date();
      const { token } = await createApiToken(db, {
        workspaceId: id,
        name: 'l',
        abilities: ['prospects:read'],
        expiresAt: new Date(now.getTime() + 60_000),
        now,
      });
      const port = (server.address() as { port: number }).port;
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/prospects`, {
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'log-test-1' },
      });
      expect(ok.status).toBe(200);
      const denied = await fetch(`http://127.0.0.1:${port}/api/v1/prospects`, {
        headers: { authorization: `Bearer ${token}x` },
      });
      expect(denied.status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const records = lines.map((line) => JSON.parse(line));
      const first = records.find((r) => r.req?.id === 'log-test-1');
      expect(first).toMatchObject({ res: { statusCode: 200 }, req: { method: 'GET' } });
      expect(typeof first.responseTime).toBe('number');
      expect(records.some((r) => r.res?.statusCode === 401)).toBe(true);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      server.close();
      await limiter.close();
      await db.close();
    }
  });
});
