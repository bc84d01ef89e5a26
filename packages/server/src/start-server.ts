import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { createGrantCache } from './auth/grant-cache.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open-database.js';
import { createDeliveryWorker, type DeliveryWorker } from './delivery/delivery-worker.js';
import { createApp } from './http/create-app.js';
import { createImportRunner, type ImportRunner } from './import/index.js';
import { createLogger } from './logger.js';
import { createMailSender } from './mail/mail-sender.js';
import { createMailWorkers, type MailWorkers } from './mail/mail-workers.js';
import type { SmtpListener } from './mail/smtp-listener.js';
import { ensureOwner, type OwnerBootstrap } from './people/ensure-owner.js';
import { createLimiter } from './rate-limit/create-limiter.js';
import { createRedisLimiter } from './rate-limit/create-redis-limiter.js';
import { pruneAudit } from './store/audit-log.js';

export { createLogger } from './logger.js';

/** A running reference server: the API plus an in-process delivery worker. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:3000/api/v1` */
  baseUrl: string;
  /** The app in the browser (prospects, inbox, settings), e.g. `http://127.0.0.1:3000/` */
  appUrl: string;
  /** @deprecated The same address as `appUrl` (the app's pages left `/settings`; its old URLs redirect). */
  settingsUrl: string;
  /** The owner's password generated on this first start (development only), to print once; never stored. */
  generatedAdminPassword: string | undefined;
  /** The installation's owner as start found or made them (see `ensureOwner`). */
  owner: OwnerBootstrap;
  /** The listening Node HTTP server. */
  server: Server;
  /** The open database, shared by the API and the worker. */
  db: Database;
  /** The in-process delivery worker. */
  worker: DeliveryWorker;
  /** The in-process runner of prospect imports. */
  importRunner: ImportRunner;
  /** The server's pino logger. */
  logger: Logger;
  /** The inbound SMTP listener, when `PROSPECTKIT_SMTP_PORT` has it on (see `loadMailConfig`). */
  smtp: SmtpListener | undefined;
  /** Graceful stop: stop accepting, finish in-flight requests, stop the worker, close the database. */
  close(): Promise<void>;
}

/**
 * Starts the SMTP listener when configured. The development default port (2525) may be taken by another
 * server on the machine: then the API starts without it and says so; a port that was set must bind.
 */
async function startMail(
  config: ServerConfig,
  db: Database,
  logger: Logger,
  workers: MailWorkers,
): Promise<SmtpListener | undefined> {
  if (config.mail.smtpPort === undefined) return undefined;
  // Loaded only when on: smtp-server and mailparser take seconds to load on a busy machine.
  const { startSmtpListener } = await import('./mail/smtp-listener.js');
  try {
    return await startSmtpListener({ db, logger, config: config.mail, workers });
  } catch (error) {
    if (!config.mail.smtpPortIsDefault || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    logger.warn(
      'mail: port 2525 is in use, so the inbound SMTP listener is off; set PROSPECTKIT_SMTP_PORT to another port.',
    );
    return undefined;
  }
}

/** How often the audit log is pruned to `PROSPECTKIT_AUDIT_RETENTION_DAYS`, in ms: hourly. */
const AUDIT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Prunes the audit log now and then every hour, to the retention setting; a failure is logged and tried again at
 * the next tick. Any number of instances may prune: a delete of what is gone deletes nothing.
 */
function startAuditPruner(db: Database, logger: Logger, retentionDays: number): NodeJS.Timeout {
  const prune = () =>
    pruneAudit(db, new Date(Date.now() - retentionDays * 86_400_000)).then(
      (n) => n > 0 && logger.info({ pruned: n }, 'audit log pruned'),
      (error: unknown) => logger.warn({ err_name: (error as Error).name }, 'audit log prune failed'),
    );
  void prune();
  const timer = setInterval(prune, AUDIT_PRUNE_INTERVAL_MS);
  timer.unref();
  return timer;
}

/**
 * Opens the database (migrating it), starts the API, a delivery worker and, when configured, the inbound SMTP
 * listener (`PROSPECTKIT_SMTP_PORT`; on by default outside production).
 *
 * @param config - the settings, usually `loadConfig()`
 * @param options.db an already open database to use instead of the configured one (tests)
 * @param options.logger a pino logger. Default: `createLogger(config.logLevel)`
 * @param options.validateResponses check every response against the contract. Default: `true` outside production
 * @returns the running server; `close()` stops it gracefully
 * @throws {DataDirectoryLockedError} when another process holds the embedded database's data directory
 * @example
 * const running = await startServer(loadConfig());
 * console.log(running.baseUrl); // http://127.0.0.1:3000/api/v1
 * process.once('SIGTERM', () => void running.close());
 */
export async function startServer(
  config: ServerConfig,
  options: { db?: Database; logger?: Logger; validateResponses?: boolean } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const limiter = config.redisUrl
    ? await createRedisLimiter({ redisUrl: config.redisUrl, limit: config.rateLimit })
    : createLimiter(db, config.rateLimit);
  const grants = await createGrantCache(db);
  // The installation's owner: PROSPECTKIT_OWNER_EMAIL and PROSPECTKIT_ADMIN_PASSWORD, else a password generated on
  // the first start outside production (only its hash is kept).
  const owner = await ensureOwner(db, {
    email: config.ownerEmail,
    password: config.adminPassword,
    generate: process.env.NODE_ENV !== 'production',
  });
  const generatedAdminPassword = owner.generatedPassword;
  const auditPruner = startAuditPruner(db, logger, config.auditRetentionDays);
  const mailSender = createMailSender(config.mail.relayUrl);
  // One pool of mail threads for the listener and the inbox pages; no thread runs until there is mail.
  const mailWorkers = await createMailWorkers({
    threads: config.mail.workerThreads,
    maxQueue: config.mail.limits.maxMessagesInProgress,
  });
  const app = createApp({
    db,
    logger,
    grants,
    publicUrl: config.publicUrl,
    limiter: limiter.limiter,
    signInLimiter: limiter.signInLimiter,
    accountSignInLimiter: limiter.accountSignInLimiter,
    pageLimiter: limiter.pageLimiter,
    trustProxy: config.trustProxy,
    validateResponses: options.validateResponses ?? process.env.NODE_ENV !== 'production',
    settings: {
      allowInsecureWebhooks: config.allowInsecureWebhooks,
      importMaxBytes: config.importMaxBytes,
      importShape: config.importShape,
      mail: {
        sender: mailSender,
        inboundDomain: config.mail.inboundDomain,
        workers: mailWorkers,
        htmlLimits: config.mail.htmlLimits,
      },
    },
  });
  const worker = createDeliveryWorker({
    db,
    logger,
    allowInsecureWebhooks: config.allowInsecureWebhooks,
    attemptRetentionMs: config.attemptRetentionDays * 86_400_000,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  // Any number of instances may run one: a job is claimed by one of them (see createImportRunner).
  const importRunner = createImportRunner({ db, logger });
  await worker.start();
  await importRunner.start();
  const smtp = await startMail(config, db, logger, mailWorkers);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    baseUrl: `${origin}/api/v1`,
    appUrl: `${origin}/`,
    settingsUrl: `${origin}/`,
    generatedAdminPassword,
    owner,
    server,
    db,
    worker,
    importRunner,
    logger,
    smtp,
    async close() {
      clearInterval(auditPruner);
      await smtp?.close();
      mailSender.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections?.();
      });
      await importRunner.stop();
      await worker.stop();
      await mailWorkers.close();
      await limiter.close();
      await grants.close();
      if (!options.db) await db.close();
    },
  };
}
