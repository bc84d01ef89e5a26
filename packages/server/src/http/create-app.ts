import { contract, contractYaml, matchOperation } from '@prospectkit/core';
import express, { type Express, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import swaggerUi from 'swagger-ui-express';
import { appRouter, type SettingsOptions } from '../app/index.js';
import type { GrantCache } from '../auth/grant-cache.js';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import { metricsEndpoint, requestMetrics } from '../metrics/metrics-http.js';
import type { PrometheusMetrics } from '../metrics/prometheus-metrics.js';
import { apiChain } from './api-chain.js';
import { ApiError } from './api-error.js';
import { apiVersion } from './api-version.js';
import { contractChecks } from './contract-checks.js';
import { errorHandler } from './error-handler.js';
import { prospectRoutes } from './prospect-routes.js';
import { requestId } from './request-id.js';
import { requestLog } from './request-log.js';
import { docsContentSecurityPolicy, securityHeaders } from './security-headers.js';
import { validatorContract } from './validator-contract.js';

/** Dependencies and settings of {@link createApp}. */
export interface AppOptions {
  /** The open, migrated database (see `openDatabase` and `migrate`). */
  db: Database;
  /** A pino logger (see `createLogger`); one line per request. */
  logger: Logger;
  /** The time source for tokens' expiry, `created_at` and events. Default: the system clock. */
  clock?: Clock;
  /**
   * Public origin used in `links` and `Location`, e.g. `https://api.example.com`. Default: the request's own
   * (its `Host` header; `loadConfig` requires this option in production). When https, the settings cookies are
   * always `Secure`.
   */
  publicUrl?: string | undefined;
  /** Cached token grants (see `createGrantCache`). Default: every request looks its token up. */
  grants?: GrantCache;
  /** The request limiter (see `createLimiter`). */
  limiter: RateLimiterAbstract;
  /** The app's sign-in limiter per client address, in the same store (`createLimiter(...).signInLimiter`). */
  signInLimiter: RateLimiterAbstract;
  /** The app's sign-in limiter per account (`createLimiter(...).accountSignInLimiter`). Default: in memory. */
  accountSignInLimiter?: RateLimiterAbstract;
  /**
   * The app's page limiter per session (`createLimiter(...).pageLimiter`): the app's own budget, never the API's.
   * Default: in memory.
   */
  pageLimiter?: RateLimiterAbstract;
  /** Express `trust proxy` (hops, CIDRs or `true`). Default `false`: the client address is the socket's. */
  trustProxy?: boolean | number | string | string[];
  /** Validate every response against the contract (development and test). Default `true`. */
  validateResponses?: boolean;
  /** The app in the browser (`/sign-in`, `/workspaces/...`): insecure webhooks, imports, mail. */
  settings?: SettingsOptions;
  /**
   * The process's metrics: every request is timed by operationId and status. With `token` (the setting
   * `PROSPECTKIT_METRICS_TOKEN`), `GET /metrics` is served here to a bearer of it. Default: no metrics, and
   * `/metrics` is 404.
   */
  metrics?:
    | {
        /** The process's registry (`startMetrics`). */
        prometheus: PrometheusMetrics;
        /** `PROSPECTKIT_METRICS_TOKEN`, or `undefined` to serve `/metrics` on this port not at all. */
        token: string | undefined;
      }
    | undefined;
  /**
   * Names each API request's trace by the contract's route (`/api/v1/prospects/{id}`), from `startTracing`.
   * Default: none (no tracing).
   */
  nameRoute?: ((route: string) => void) | undefined;
  /**
   * Whether the process is stopping: `/readyz` then answers 503 so a load balancer takes the instance out while
   * it finishes its requests (graceful drain, docs/deployment.md). Default: never.
   */
  stopping?: () => boolean;
}

/**
 * The reference server's Express app, without `listen()`: tests call it in-process.
 *
 * @example
 * const { limiter, signInLimiter } = createLimiter(db, 60);
 * const app = createApp({ db, logger, limiter, signInLimiter });
 * app.listen(3000);
 * @see openapi/openapi.yaml
 */
export function createApp(options: AppOptions): Express {
  const { db, logger } = options;
  const clock = options.clock ?? systemClock;
  // A copy: the response validator and the docs page may annotate the document they are given.
  const document = structuredClone(contract);
  const app = express();
  app.disable('x-powered-by');
  // No ETag: the contract declares none and lists no 304; it also spares hashing every answer's body.
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy ?? false);
  if (options.metrics) app.use(requestMetrics(options.metrics.prometheus));
  const { stopping } = options;
  if (stopping) {
    // While draining, every answer closes its connection, so kept-alive clients (a load balancer's pool) reconnect
    // to another instance rather than wait on this one.
    app.use((_req, res, next) => {
      if (stopping()) res.setHeader('Connection', 'close');
      next();
    });
  }
  app.use(securityHeaders());
  app.use(requestId);
  app.use(requestLog(logger));

  // The API first: every layer before it is matched against each API request's path. One handler for the whole
  // API (api-chain.ts) rather than a mounted router.
  const api: Array<RequestHandler | RequestHandler[]> = [apiVersion];
  const { nameRoute } = options;
  if (nameRoute) {
    api.push((req, _res, next) => {
      const { operation } = matchOperation(req.method, req.path);
      if (operation) nameRoute(`/api/v1${operation.path}`);
      next();
    });
  }
  api.push(contractChecks({ db, clock, logger, limiter: options.limiter, grants: options.grants }));
  if (options.validateResponses !== false) {
    // Requests are validated by the checks above (core's validators, shared with the mock); this validates
    // only what the operations answer.
    api.push(
      OpenApiValidator.middleware({
        apiSpec: validatorContract(document) as never,
        validateRequests: false,
        validateResponses: { allErrors: true },
        validateSecurity: false,
        validateFormats: true,
        ajvFormats: { mode: 'full' },
      }) as RequestHandler[],
    );
  }
  api.push(prospectRoutes({ db, clock, publicUrl: options.publicUrl }));
  app.use(apiChain('/api/v1', api));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    if (stopping?.()) {
      res.status(503).json({ status: 'stopping' });
      return;
    }
    try {
      await db.query('select 1');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });

  // Interactive docs from the same contract; swagger-ui-express serves its bundle itself (no CDN).
  app.use(
    '/docs',
    docsContentSecurityPolicy(),
    swaggerUi.serve,
    swaggerUi.setup(document as never, { customSiteTitle: 'ProspectKit API' }),
  );
  app.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(contractYaml);
  });
  const { token } = options.metrics ?? {};
  // Never public: on this port only behind PROSPECTKIT_METRICS_TOKEN (else on PROSPECTKIT_METRICS_PORT).
  if (options.metrics && token !== undefined)
    app.get('/metrics', metricsEndpoint(options.metrics.prometheus, { token }));

  // The app in the browser: its own paths at the root (`/sign-in`, `/workspaces/...`, `/assets/...`, and the old
  // `/settings/...` redirected); every other path falls through to the JSON 404 below.
  app.use(
    appRouter({
      db,
      logger,
      clock,
      signInLimiter: options.signInLimiter,
      accountSignInLimiter: options.accountSignInLimiter,
      pageLimiter: options.pageLimiter,
      // Clients reach an https public origin over https only, whatever a proxy forgets to say.
      secureCookies: options.publicUrl?.startsWith('https://') === true,
      publicUrl: options.publicUrl,
      ...options.settings,
    }),
  );

  app.use((_req, _res, next) => next(new ApiError(404, 'Not found.')));
  app.use(errorHandler(logger));
  return app;
}
