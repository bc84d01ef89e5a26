import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppAsset, appAssets, assetUrl } from './app-assets.js';

const cases: Array<[AppAsset, { contentType: string }]> = [
  ['settings-base.css', { contentType: 'text/css; charset=utf-8' }],
  ['settings-forms.css', { contentType: 'text/css; charset=utf-8' }],
  ['settings.css', { contentType: 'text/css; charset=utf-8' }],
  ['prospects.css', { contentType: 'text/css; charset=utf-8' }],
  ['settings.js', { contentType: 'text/javascript; charset=utf-8' }],
];

describe('settings assets', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    const app = express();
    // As in the settings router: no-store first, which the assets replace with their own caching.
    app.use((_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    });
    app.use('/assets', appAssets());
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(cases)(
    '%s is served from its file with its type, cached a year under a content-hash address',
    async (name, want) => {
      const file = readFileSync(new URL(`./assets/${name}`, import.meta.url));
      const url = assetUrl(name);
      expect(url).toBe(`/assets/${name}?v=${createHash('sha256').update(file).digest('hex').slice(0, 16)}`);
      const answer = await fetch(`${origin}${url}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(want.contentType);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await answer.arrayBuffer()).equals(file)).toBe(true);
    },
  );

  it('serves nothing else: other names fall through to the next handler', async () => {
    for (const path of ['/assets/', '/assets/nope.css', '/assets/../settings-assets.ts']) {
      expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
    }
  });
});
