// Graceful drain on SIGTERM (RunningServer.close): /readyz answers 503 first, so a load balancer takes the
// instance out while it still answers everything else; then it stops accepting connections, finishes the
// requests in flight, and only then stops.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { bootstrapDemo } from '../src/dev-bootstrap.js';
import { createLogger, startServer } from '../src/start-server.js';
import { openTestDatabase } from '../src/testing/index.js';

describe('graceful drain', () => {
  it('turns /readyz to 503 while still answering, then finishes a request in flight before it stops', async () => {
    const db = await openTestDatabase('pglite');
    const running = await startServer(
      loadConfig(
        {
          PORT: '0',
          // Long enough for the two requests made while draining, even on a loaded machine (with 1 s, a CI run
          // at load 15 reached /healthz after the drain had ended: 'fetch failed').
          PROSPECTKIT_DRAIN_SECONDS: '5',
          PROSPECTKIT_ADMIN_PASSWORD: 'a long enough test password',
        },
        { serving: false },
      ),
      { db, logger: createLogger('silent') },
    );
    const demo = await bootstrapDemo(running.db);
    const origin = running.baseUrl.replace('/api/v1', '');
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    // A request whose body is still arriving when the stop begins.
    const body = JSON.stringify({ company: 'In flight Ltd' });
    const inFlight = new Promise<{ status: number }>((resolve, reject) => {
      const req = request(`${running.baseUrl}/prospects`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${demo?.token}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      });
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => req.end(body.slice(5)), 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closed = running.close();
    const draining = await fetch(`${origin}/readyz`);
    expect([draining.status, await draining.json()]).toEqual([503, { status: 'stopping' }]);
    // Still answering while the load balancer's checks take it out, and telling keep-alive clients to go.
    const meanwhile = await fetch(`${origin}/healthz`);
    expect([meanwhile.status, meanwhile.headers.get('connection')]).toEqual([200, 'close']);
    expect((await inFlight).status).toBe(201);
    await closed;
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from prospects where company = 'In flight Ltd'`,
    );
    expect(row?.n).toBe(1);
    await db.close();
  });
});
