import { createServer, type Server } from 'node:http';
import type { Database } from '../db/database.js';
import { listenOn } from '../listen-error.js';
import type { MetricsConfig } from './metrics-config.js';
import { metricsEndpoint } from './metrics-http.js';
import type { PrometheusMetrics } from './prometheus-metrics.js';

/** The metrics listener of one process; see {@link startMetricsListener}. */
export interface MetricsListener {
  /** The port it listens on (the one picked when configured with 0). */
  port: number;
  /** Stops listening and ends its connections. */
  close(): Promise<void>;
}

/**
 * Serves `/metrics` (and `/healthz`, `/readyz`, for an orchestrator watching a `worker`) on a port of its own,
 * `PROSPECTKIT_METRICS_PORT` on `PROSPECTKIT_METRICS_HOST`: every process of a fleet, API or worker, exposes its
 * own metrics there. With `PROSPECTKIT_METRICS_TOKEN`, `/metrics` asks for it here too.
 *
 * @param options.ready whether `/readyz` answers 200: the database answers and the process is not stopping
 * @throws {ListenError} naming `PROSPECTKIT_METRICS_PORT` or `PROSPECTKIT_METRICS_HOST` when it cannot bind
 * @example
 * const listener = await startMetricsListener({ prometheus, config: { port: 9464, host: '127.0.0.1', token: undefined }, db });
 */
export async function startMetricsListener(options: {
  prometheus: PrometheusMetrics;
  config: MetricsConfig;
  db: Database;
  stopping?: () => boolean;
}): Promise<MetricsListener> {
  const metrics = metricsEndpoint(options.prometheus, { token: options.config.token });
  const json = (res: import('node:http').ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(res, 405, { message: 'Method not allowed.' });
    if (path === '/metrics') return metrics(req, res);
    if (path === '/healthz') return json(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      if (options.stopping?.()) return json(res, 503, { status: 'stopping' });
      options.db.query('select 1').then(
        () => json(res, 200, { status: 'ready' }),
        () => json(res, 503, { status: 'unavailable' }),
      );
      return;
    }
    json(res, 404, { message: 'Not found. This port serves /metrics, /healthz and /readyz.' });
  });
  const port = await listenOn(server, options.config.port ?? 0, options.config.host, {
    what: 'the metrics listener',
    port: 'PROSPECTKIT_METRICS_PORT',
    host: 'PROSPECTKIT_METRICS_HOST',
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
