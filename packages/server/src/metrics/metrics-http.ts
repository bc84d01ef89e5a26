import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { PrometheusMetrics } from './prometheus-metrics.js';

/** The areas outside the API, by their first path segment: the `operation` label of their requests. */
const AREAS = new Map([
  ['settings', 'settings'],
  ['healthz', 'healthz'],
  ['readyz', 'readyz'],
  ['docs', 'docs'],
  ['openapi.yaml', 'openapi'],
  ['metrics', 'metrics'],
]);

/** The `operation` label of a request: the contract's operationId, or the area of the server it asked for. */
function operationOf(req: Request): string {
  const operationId = req.contractOperation?.operationId;
  if (operationId) return operationId;
  const path = req.originalUrl;
  if (path.startsWith('/api/')) return 'api_unmatched';
  const segment = path.slice(1).split(/[/?#]/, 1)[0] ?? '';
  return AREAS.get(segment) ?? 'other';
}

/**
 * Times every request into `prospectkit_http_request_duration_seconds` (by operation and status) and counts
 * those in flight and the 429s of the rate limits. Mounted first, so it sees every answer.
 *
 * @see openapi.yaml operationIds; docs/architecture.md, "Metrics and traces"
 */
export function requestMetrics(prometheus: PrometheusMetrics) {
  const { metrics, inFlight } = prometheus;
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    inFlight.inc();
    // One `close` listener: a response always emits it, after `finish` when it was sent whole (request-log.ts).
    res.once('close', () => {
      inFlight.dec();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequest(operationOf(req), res.statusCode, seconds);
      if (res.statusCode === 429)
        metrics.rateLimited(
          req.method === 'POST' && req.originalUrl.startsWith('/settings/sign-in') ? 'sign_in' : 'api',
        );
    });
    next();
  };
}

/**
 * Answers `GET /metrics` with every family in the Prometheus text format. With `token`, only a request with
 * `Authorization: Bearer <token>` gets them (compared in constant time); others get 401.
 *
 * @param options.token `PROSPECTKIT_METRICS_TOKEN`, or `undefined` on the metrics port without one
 * @returns a Node request handler, for Express (`app.get('/metrics', ...)`) and the metrics listener alike
 */
export function metricsEndpoint(prometheus: PrometheusMetrics, options: { token: string | undefined }) {
  const expected = options.token === undefined ? undefined : digest(options.token);
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (expected) {
      const header = req.headers.authorization ?? '';
      const given = /^bearer +(.+)$/i.exec(header)?.[1]?.trim();
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        res.writeHead(401, {
          'content-type': 'application/json',
          'www-authenticate': 'Bearer realm="metrics"',
          'cache-control': 'no-store',
        });
        res.end(
          JSON.stringify({ message: 'Metrics need Authorization: Bearer <PROSPECTKIT_METRICS_TOKEN>.' }),
        );
        return;
      }
    }
    prometheus.render().then(
      (text) => {
        res.writeHead(200, { 'content-type': prometheus.contentType, 'cache-control': 'no-store' });
        res.end(text);
      },
      () => {
        res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ message: 'Metrics are unavailable: the database did not answer.' }));
      },
    );
  };
}

/** Both sides hashed first, so the comparison takes as long whatever the lengths. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
