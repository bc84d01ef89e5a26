import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@prospectkit/browser-testing';
import { ABILITIES } from '@prospectkit/core';
import type { Browser, Page } from 'playwright-core';
import type { SettingsMail } from '../../src/app/shared/app-context.js';
import { type BulkRunner, createBulkRunner } from '../../src/bulk/create-bulk-runner.js';
import type { Clock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/delivery-worker.js';
import { createApp } from '../../src/http/create-app.js';
import { createImportRunner, type ImportRunner } from '../../src/import/index.js';
import { ensureOwner } from '../../src/people/ensure-owner.js';
import { createLimiter } from '../../src/rate-limit/create-limiter.js';
import { createLogger } from '../../src/start-server.js';
import { createApiToken } from '../../src/store/api-tokens.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase } from '../../src/testing/index.js';

/** The owner's password of every settings test server. */
export const ADMIN_PASSWORD = 'correct horse battery staple';
/** The owner's sign-in address of every settings test server. */
export const OWNER_EMAIL = 'owner@example.com';

/** Where screenshots go: `test-results/app/` at the repository root (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../../test-results/app/', import.meta.url));

/** Headless Chromium from npm (`@sparticuz/chromium`, or `CHROMIUM_PATH`), driven by playwright-core. */
export async function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** A request the local webhook receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback webhook receiver that answers each request with the next status of `statuses` (then 200). */
export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  statuses: number[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = statuses.shift() ?? 200;
      res
        .writeHead(status, { 'Content-Type': 'text/plain' })
        .end(status < 300 ? 'ok, thanks' : 'busy, try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    statuses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A settings test server: the whole app, a delivery worker allowed to call loopback, and a movable clock. */
export interface SettingsServer {
  origin: string;
  baseUrl: string;
  db: Database;
  workspaceId: string;
  clock: Clock & { advance(ms: number): void };
  worker: DeliveryWorker;
  /** The import runner, claiming jobs as the server's does (in batches of 100 rows, so a test can cancel one). */
  importRunner: ImportRunner;
  /** The bulk runner, claiming the app's bulk changes as the server's does (in batches of 100 rows). */
  bulkRunner: BulkRunner;
  /** A token with every ability in the default workspace. */
  token(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the app with the settings area (password {@link ADMIN_PASSWORD}, insecure webhooks allowed).
 *
 * @param options.importMaxBytes the Import page's largest file, in bytes. Default: the server's (50 MiB)
 * @param options.mail outgoing mail and the inbound domain. Default: no relay, domain `localhost`
 */
export async function startSettingsServer(
  kind: 'pglite' | 'postgres',
  options: { importMaxBytes?: number; mail?: SettingsMail } = {},
): Promise<SettingsServer> {
  const db = await openTestDatabase(kind);
  let offsetMs = 0;
  const clock = {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
  const logger = createLogger('silent');
  const limiter = createLimiter(db, 1_000_000);
  const app = createApp({
    db,
    logger,
    clock,
    limiter: limiter.limiter,
    signInLimiter: limiter.signInLimiter,
    accountSignInLimiter: limiter.accountSignInLimiter,
    pageLimiter: limiter.pageLimiter,
    settings: {
      allowInsecureWebhooks: true,
      ...(options.importMaxBytes ? { importMaxBytes: options.importMaxBytes } : {}),
      ...(options.mail ? { mail: options.mail } : {}),
    },
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const worker = createDeliveryWorker({
    db,
    logger,
    clock,
    allowInsecureWebhooks: true,
    pollIntervalMs: 100,
  });
  await worker.start();
  const importRunner = createImportRunner({ db, logger, clock, pollMs: 200, batchSize: 100 });
  await importRunner.start();
  const bulkRunner = createBulkRunner({ db, logger, clock, pollMs: 200, batchSize: 100 });
  await bulkRunner.start();
  const { id: workspaceId } = await createWorkspace(db, 'Acme sales');
  // The owner (OWNER_EMAIL, ADMIN_PASSWORD) owns it; role tests invite the others.
  await ensureOwner(db, { email: OWNER_EMAIL, password: ADMIN_PASSWORD, generate: false });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1`,
    db,
    workspaceId,
    clock,
    worker,
    importRunner,
    bulkRunner,
    async token() {
      const now = clock.now();
      const created = await createApiToken(db, {
        workspaceId,
        name: 'harness',
        abilities: ABILITIES,
        expiresAt: new Date(now.getTime() + 30 * 86_400_000),
        now,
      });
      return created.token;
    },
    async close() {
      await worker.stop();
      await importRunner.stop();
      await bulkRunner.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await limiter.close();
      await db.close();
    },
  };
}

/** Signs in through the form (as the owner unless told) and waits for the first page of the app. */
export async function signIn(
  page: Page,
  origin: string,
  password = ADMIN_PASSWORD,
  email = OWNER_EMAIL,
): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/workspaces/);
}

/** Saves full-page screenshots of the page at desktop (1280 px) and phone (390 px) width. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Reloads the page until `check` passes (the worker delivers in the background), for up to `timeoutMs`. */
export async function reloadUntil(
  page: Page,
  check: () => Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the page to show the expected state.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await page.reload();
  }
}

/**
 * Links whose names are the same but lead to different places (WCAG 2.4.4, axe's `identical-links-same-purpose`):
 * each link's name as a screen reader reads it (its text, visually hidden parts included, or `aria-label`), with
 * the addresses it leads to. Empty when every name leads to one place.
 */
export async function ambiguousLinks(page: Page): Promise<Array<{ name: string; hrefs: string[] }>> {
  return page.evaluate(() => {
    const targets = new Map<string, Set<string>>();
    for (const link of document.querySelectorAll('a[href]')) {
      const name = (link.getAttribute('aria-label') ?? link.textContent ?? '').replace(/\s+/g, ' ').trim();
      const href = new URL(link.getAttribute('href') as string, location.href).href.replace(/#.*$/, '');
      targets.set(name, (targets.get(name) ?? new Set()).add(href));
    }
    return [...targets]
      .filter(([, hrefs]) => hrefs.size > 1)
      .map(([name, hrefs]) => ({ name, hrefs: [...hrefs] }));
  });
}
