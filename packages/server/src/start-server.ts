import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { createGrantCache } from './auth/grant-cache.js';
import { startBackgroundWork } from './background-work.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open-database.js';
import type { DeliveryWorker } from './delivery/delivery-worker.js';
import { createApp } from './http/create-app.js';
import type { ImportRunner } from './import/index.js';
import { describeListenError, listenOn } from './listen-error.js';
import { createLogger } from './logger.js';
import { createMailSender } from './mail/mail-sender.js';
import { createMailWorkers, type MailWorkers } from './mail/mail-workers.js';
import type { SmtpListener } from './mail/smtp-listener.js';
import type { ServerMetrics } from './metrics/server-metrics.js';
import { startMetrics } from './metrics/start-metrics.js';
import { ensureOwner, type OwnerBootstrap } from './people/ensure-owner.js';
import { createLimiter } from './rate-limit/create-limiter.js';
import { createRedisLimiter } from './rate-limit/create-redis-limiter.js';
import { pruneAudit } from './store/audit-log.js';
import type { Tracing } from './tracing/start-tracing.js';

export { createLogger } from './logger.js';

/** A running reference server: the API plus, unless `PROSPECTKIT_START_WORKER=off`, its background work. */
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
  /** The in-process delivery worker; `undefined` with `PROSPECTKIT_START_WORKER=off`. */
  worker: DeliveryWorker | undefined;
  /** The in-process runner of prospect imports; `undefined` with `PROSPECTKIT_START_WORKER=off`. */
  importRunner: ImportRunner | undefined;
  /** The server's pino logger. */
  logger: Logger;
  /** The inbound SMTP listener, when `PROSPECTKIT_SMTP_PORT` has it on (see `loadMailConfig`). */
  smtp: SmtpListener | undefined;
  /** The port of the metrics listener (`PROSPECTKIT_METRICS_PORT`), when set. */
  metricsPort: number | undefined;
  /**
   * Graceful stop: `/readyz` answers 503 for `PROSPECTKIT_DRAIN_SECONDS` (so a load balancer takes the instance
   * out), then no new connection is accepted, the requests in flight finish, the background work stops and the
   * database closes.
   */
  close(): Promise<void>;
}

/**
 * Starts the SMTP listener when configured. The development default port (2525) may be taken by another
 * server on the machine: then the API starts without it and says so; a port that was set must bind, or the start
 * fails naming `PROSPECTKIT_SMTP_PORT` (or `PROSPECTKIT_SMTP_HOST`).
 */
async function startMail(
  config: ServerConfig,
  db: Database,
  logger: Logger,
  workers: MailWorkers,
  metrics: ServerMetrics,
): Promise<SmtpListener | undefined> {
  const port = config.mail.smtpPort;
  if (port === undefined) return undefined;
  // Loaded only when on: smtp-server and mailparser take seconds to load on a busy machine.
  const { startSmtpListener } = await import('./mail/smtp-listener.js');
  try {
    return await startSmtpListener({ db, logger, config: config.mail, workers, metrics });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    if (config.mail.smtpPortIsDefault && failure.code === 'EADDRINUSE') {
      logger.warn(
        'mail: port 2525 is in use, so the inbound SMTP listener is off; set PROSPECTKIT_SMTP_PORT to another port.',
      );
      return undefined;
    }
    if (failure.syscall !== 'listen' && failure.syscall !== 'getaddrinfo') throw error;
    throw describeListenError(failure, port, config.mail.smtpHost, {
      what: 'the inbound SMTP listener',
      port: 'PROSPECTKIT_SMTP_PORT',
      host: 'PROSPECTKIT_SMTP_HOST',
    });
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

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** An already open database to use instead of the configured one (tests). */
  db?: Database;
  /** A pino logger. Default: `createLogger(config.logLevel)`. */
  logger?: Logger;
  /** Check every response against the contract. Default: `true` outside production. */
  validateResponses?: boolean;
  /** The settings that chose the API's port and address, named in a listen error. Default `PORT` and `HOST`. */
  listenNames?: {
    /** The setting that chose the port, e.g. `PORT` or `--port`. */
    port: string;
    /** The setting that chose the address, e.g. `HOST` or `--host`. */
    host: string;
  };
  /**
   * Tracing from `startTracing` (the CLI starts it when `OTEL_*` asks for traces): a span per SQL statement, and
   * each delivery attempt's span linked to the request that wrote its event. Default: none.
   */
  tracing?: Pick<Tracing, 'traceDatabase' | 'aroundAttempt' | 'nameRoute'>;
}

/**
 * Opens the database (migrating it), binds the API's port, the inbound SMTP listener (`PROSPECTKIT_SMTP_PORT`;
 * on by default outside production) and the metrics listener (`PROSPECTKIT_METRICS_PORT`), and only then makes
 * the installation's owner (with a password generated on the first start outside production) and starts the background work (unless `PROSPECTKIT_START_WORKER=off`):
 * a start that cannot listen creates nothing. Requests that arrive before it is ready wait for it.
 *
 * @param config - the settings, usually `loadConfig()`
 * @param options - see {@link StartServerOptions}
 * @returns the running server; `close()` stops it gracefully
 * @throws {DataDirectoryLockedError} when another process holds the embedded database's data directory
 * @throws {ListenError} when a port cannot be bound (in use, not permitted, not an address of this machine),
 *   naming the setting to change
 * @example
 * const running = await startServer(loadConfig());
 * console.log(running.baseUrl); // http://127.0.0.1:3000/api/v1
 * process.once('SIGTERM', () => void running.close());
 */
export async function startServer(
  config: ServerConfig,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const opened =
    options.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: config.dbPoolMax }));
  const undo: Array<() => Promise<unknown> | unknown> = options.db ? [] : [() => opened.close()];
  const db = options.tracing
    ? options.tracing.traceDatabase(opened, { databaseUrl: config.databaseUrl })
    : opened;
  let stopping = false;
  try {
    const metrics = await startMetrics({ config: config.metrics, db, role: 'api', stopping: () => stopping });
    undo.push(() => metrics.close());
    const limiter = config.redisUrl
      ? await createRedisLimiter({ redisUrl: config.redisUrl, limit: config.rateLimit })
      : createLimiter(db, config.rateLimit);
    undo.push(() => limiter.close());
    const grants = await createGrantCache(db);
    undo.push(() => grants.close());
    const mailSender = createMailSender(config.mail.relayUrl);
    undo.push(() => mailSender.close());
    // One pool of mail threads for the listener and the inbox pages; no thread runs until there is mail.
    const mailWorkers = await createMailWorkers({
      threads: config.mail.workerThreads,
      maxQueue: config.mail.limits.maxMessagesInProgress,
      onError: (error) => logger.error({ error: error.message }, 'a mail worker failed to start'),
    });
    undo.push(() => mailWorkers.close());
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
      metrics: metrics.prometheus
        ? { prometheus: metrics.prometheus, token: config.metrics.token }
        : undefined,
      stopping: () => stopping,
      nameRoute: options.tracing?.nameRoute,
    });
    const held = holdRequests();
    const server = createServer(held.handler);
    const port = await listenOn(server, config.port, config.host, {
      what: 'the API',
      ...(options.listenNames ?? { port: 'PORT', host: 'HOST' }),
    });
    undo.push(() => closeServer(server));
    const smtp = await startMail(config, db, logger, mailWorkers, metrics.metrics);
    undo.push(() => smtp?.close());
    // Only now, every port bound: the installation's owner, PROSPECTKIT_OWNER_EMAIL with PROSPECTKIT_ADMIN_PASSWORD,
    // else a password generated on the first start outside production (only its hash is kept).
    const owner = await ensureOwner(db, {
      email: config.ownerEmail,
      password: config.adminPassword,
      generate: process.env.NODE_ENV !== 'production',
    });
    const auditPruner = startAuditPruner(db, logger, config.auditRetentionDays);
    undo.push(() => clearInterval(auditPruner));
    held.release(server, app);
    // Any number of instances may run it: deliveries and import jobs are claimed by one of them.
    const work = config.startWorker
      ? await startBackgroundWork({
          db,
          logger,
          config,
          metrics: metrics.metrics,
          mailSender,
          ...(options.tracing ? { worker: { aroundAttempt: options.tracing.aroundAttempt } } : {}),
        })
      : undefined;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    let closing: Promise<void> | undefined;
    return {
      baseUrl: `${origin}/api/v1`,
      appUrl: `${origin}/`,
      settingsUrl: `${origin}/`,
      generatedAdminPassword: owner.generatedPassword,
      owner,
      server,
      db,
      worker: work?.worker,
      importRunner: work?.importRunner,
      logger,
      smtp,
      metricsPort: metrics.listener?.port,
      close() {
        closing ??= (async () => {
          stopping = true;
          clearInterval(auditPruner);
          if (config.drainSeconds > 0) await sleep(config.drainSeconds * 1000);
          await smtp?.close();
          await closeServer(server);
          await work?.stop();
          await metrics.close();
          mailSender.close();
          await mailWorkers.close();
          await limiter.close();
          await grants.close();
          if (!options.db) await opened.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    for (const step of undo.reverse()) await Promise.resolve(step()).catch(() => {});
    throw error;
  }
}

/**
 * The port is bound before the app is ready (so a busy port fails the start before anything is made): until
 * `release`, requests wait in a queue, then go to the app in order.
 */
function holdRequests() {
  const waiting: Array<[IncomingMessage, ServerResponse]> = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    waiting.push([req, res]);
  };
  return {
    handler,
    release(server: Server, app: (req: IncomingMessage, res: ServerResponse) => void) {
      server.off('request', handler);
      server.on('request', app);
      for (const [req, res] of waiting.splice(0)) app(req, res);
    },
  };
}

/** Stops accepting connections, closes idle keep-alive ones, and resolves when the requests in flight are answered. */
function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
