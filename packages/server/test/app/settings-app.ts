import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { SettingsOptions } from '../../src/app/app-router.js';
import type { Clock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { createApp } from '../../src/http/create-app.js';
import { createLimiter } from '../../src/rate-limit/create-limiter.js';

/** The administrator password of the in-process settings apps. */
export const PASSWORD = 'settings http test password';

/**
 * One app instance on a shared database, logging into `lines`, trusting a loopback proxy (so tests set the
 * client address with `X-Forwarded-For`).
 */
export async function startApp(
  db: Database,
  settings: SettingsOptions = { adminPassword: PASSWORD },
  options: { requestsPerMinute?: number; clock?: Clock; publicUrl?: string } = {},
) {
  const lines: string[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const limiter = createLimiter(db, options.requestsPerMinute ?? 1_000_000);
  const app = createApp({
    db,
    logger,
    limiter: limiter.limiter,
    signInLimiter: limiter.signInLimiter,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    trustProxy: 'loopback',
    settings: { ...settings, allowInsecureWebhooks: true },
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await limiter.close();
    },
  };
}
