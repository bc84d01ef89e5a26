import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { createApp } from '../src/http/create-app.js';
import { createLimiter, type Limiter } from '../src/rate-limit/create-limiter.js';
import { createLogger } from '../src/start-server.js';
import { openTestDatabase } from '../src/testing/index.js';

/** The contract's own paths, the docs and the health check: every answer of the app, not only the app's pages. */
const PATHS = [
  '/api/v1/prospects',
  '/api/v1/nothing-here',
  '/docs/',
  '/docs/swagger-ui-init.js',
  '/openapi.yaml',
  '/healthz',
  '/readyz',
  '/sign-in',
  '/nothing-here',
];

describe('security headers', () => {
  let db: Database;
  let limiter: Limiter;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    limiter = createLimiter(db, 1_000_000);
    const app = createApp({
      db,
      logger: createLogger('silent'),
      limiter: limiter.limiter,
      signInLimiter: limiter.signInLimiter,
      trustProxy: 'loopback',
      settings: {},
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await limiter?.close();
    await db?.close();
  });

  it.each(PATHS)(
    '%s cannot be framed, sniffed or leak its address, and has a Content-Security-Policy',
    async (path) => {
      const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
      await response.body?.cancel();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-powered-by')).toBeNull();
    },
  );

  it("answers the API's JSON with the API's headers only, and pages with the browsing ones too", async () => {
    const pageOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const path of ['/api/v1/prospects', '/api/v1/nothing-here']) {
      const api = await fetch(`${origin}${path}`);
      await api.body?.cancel();
      expect(api.headers.get('content-security-policy')).toBe(
        "default-src 'none';frame-ancestors 'none';base-uri 'none'",
      );
      expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      for (const name of pageOnly) expect(api.headers.get(name), `${path} ${name}`).toBeNull();
    }
    const page = await fetch(`${origin}/sign-in`);
    await page.body?.cancel();
    for (const name of pageOnly) expect(page.headers.get(name), `/sign-in ${name}`).not.toBeNull();
    const secure = await fetch(`${origin}/api/v1/prospects`, { headers: { 'X-Forwarded-Proto': 'https' } });
    await secure.body?.cancel();
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('lets Swagger UI run from its local files under /docs, and nothing inline but its styles', async () => {
    const response = await fetch(`${origin}/docs/`);
    const page = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    // Every script of the page is a local file, so script-src 'self' covers it.
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\.\/[\w.-]+\.js"/);
      expect(body?.trim()).toBe('');
    }
    // Elsewhere, not even inline styles.
    const settings = await fetch(`${origin}/sign-in`);
    await settings.body?.cancel();
    expect(settings.headers.get('content-security-policy')).toContain("style-src 'self';");
  });

  it('sends Strict-Transport-Security only over https', async () => {
    const plain = await fetch(`${origin}/healthz`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = await fetch(`${origin}/healthz`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
