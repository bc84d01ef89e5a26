import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it, vi } from 'vitest';
import { webhookRouter } from '../src/express/index.js';
import { buildSignedWebhook, buildWebhookEvent } from '../src/index.js';
import { type AdapterOptions, adapterContract, SECRET, type Send } from './adapter-contract.js';

/** Serves `app` on a free loopback port. */
async function serve(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const sender =
  (url: string): Send =>
  async ({ body, headers }) => {
    const response = await fetch(url, { method: 'POST', body, headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

describe('webhookRouter (Express)', () => {
  describe('the adapter contract, with express.json() mounted on other paths before it', () => {
    adapterContract(async (options: AdapterOptions) => {
      const app = express();
      app.use('/api', express.json());
      app.use('/webhooks', webhookRouter(options));
      app.use(express.json());
      const { url, close } = await serve(app);
      return { send: sender(`${url}/webhooks`), close };
    });
  });

  it('works after a global express.json() that keeps req.rawBody', async () => {
    const handler = vi.fn();
    const app = express();
    app.use(express.json({ verify: (req, _res, buf) => Object.assign(req, { rawBody: buf }) }));
    app.post('/api/echo', (req, res) => res.json(req.body));
    app.use('/webhooks', webhookRouter({ secret: SECRET, handlers: { 'prospect.created': handler } }));
    const { url, close } = await serve(app);
    try {
      const answer = await sender(`${url}/webhooks`)(
        await buildSignedWebhook({ secret: SECRET, event: buildWebhookEvent('prospect.created') }),
      );
      expect(answer.status).toBe(200);
      expect(handler).toHaveBeenCalledTimes(1);
      const echo = await fetch(`${url}/api/echo`, {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'content-type': 'application/json' },
      });
      expect(await echo.json()).toEqual({ a: 1 });
    } finally {
      await close();
    }
  });

  it('works after express.raw()', async () => {
    const handler = vi.fn();
    const app = express();
    app.use(express.raw({ type: 'application/json' }));
    app.use('/webhooks', webhookRouter({ secret: SECRET, handlers: { 'prospect.created': handler } }));
    const { url, close } = await serve(app);
    try {
      expect(
        (
          await sender(`${url}/webhooks`)(
            await buildSignedWebhook({ secret: SECRET, event: buildWebhookEvent('prospect.created') }),
          )
        ).status,
      ).toBe(200);
      expect(handler).toHaveBeenCalledTimes(1);
    } finally {
      await close();
    }
  });

  it('answers 500 with the fix when a global express.json() already consumed the raw body', async () => {
    const handler = vi.fn();
    const onError = vi.fn();
    const app = express();
    app.use(express.json());
    app.use(
      '/webhooks',
      webhookRouter({ secret: SECRET, handlers: { 'prospect.created': handler }, onError }),
    );
    const { url, close } = await serve(app);
    try {
      const answer = await sender(`${url}/webhooks`)(
        await buildSignedWebhook({ secret: SECRET, event: buildWebhookEvent('prospect.created') }),
      );
      expect(answer.status).toBe(500);
      expect(answer.body.code).toBe('invalid_body');
      expect(answer.body.message).toContain('Mount webhookRouter before express.json()');
      expect(handler).not.toHaveBeenCalled();
      expect(onError).toHaveBeenCalledTimes(1);
    } finally {
      await close();
    }
  });

  it('gives the handler the Express req and res', async () => {
    const seen = vi.fn();
    const app = express();
    app.use(
      '/webhooks',
      webhookRouter({
        secret: SECRET,
        handlers: { 'prospect.created': (_event, { req, res }) => seen(req.path, typeof res.locals) },
      }),
    );
    const { url, close } = await serve(app);
    try {
      await sender(`${url}/webhooks`)(
        await buildSignedWebhook({ secret: SECRET, event: buildWebhookEvent('prospect.created') }),
      );
      expect(seen).toHaveBeenCalledWith('/', 'object');
    } finally {
      await close();
    }
  });

  it('throws at creation, not per request, on a bad secret', () => {
    expect(() => webhookRouter({ secret: 'whk_ with space', handlers: {} })).toThrow(/Secret 0/);
  });
});
