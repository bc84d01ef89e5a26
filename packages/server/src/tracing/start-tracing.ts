import { register } from 'node:module';
import type { Database } from '../db/database.js';
import type { DeliveryWorkerOptions } from '../delivery/delivery-worker-options.js';
import { attemptSpans } from './attempt-span.js';
import { serverTracer, tracedDatabase } from './traced-database.js';

/** Tracing as `startTracing` set it up. */
export interface Tracing {
  /** The database with a span around each statement and transaction. */
  traceDatabase(db: Database, target: { databaseUrl: string | undefined }): Database;
  /** Runs each delivery attempt in a span linked to the request that wrote its event. */
  aroundAttempt: NonNullable<DeliveryWorkerOptions['aroundAttempt']>;
  /**
   * Names the request being answered by its route, e.g. `/api/v1/prospects/{id}` (the contract's path template):
   * the API dispatches by operationId, not by Express routes, so the HTTP span's `http.route` comes from here.
   */
  nameRoute(route: string): void;
  /** Sends the spans still buffered and stops the SDK. */
  shutdown(): Promise<void>;
}

/** Thrown when `OTEL_*` asks for traces but the SDK is not installed; the message says what to install. */
export class TracingUnavailableError extends Error {
  /** The class name, `'TracingUnavailableError'`. */
  override readonly name = 'TracingUnavailableError';
}

/** The packages tracing loads, installed beside `@prospectkit/server` (optional peer dependencies). */
export const TRACING_PACKAGES =
  '@opentelemetry/sdk-node@0.223 @opentelemetry/instrumentation@0.223 @opentelemetry/instrumentation-http@0.223 @opentelemetry/instrumentation-express@0.69';

/**
 * Starts OpenTelemetry's Node SDK, configured by the standard `OTEL_*` variables (exporter, endpoint, service
 * name, sampler, resource), with the HTTP and Express instrumentations: a span per request, its route and
 * status; with {@link Tracing.traceDatabase}, a span per SQL statement inside it; with
 * {@link Tracing.aroundAttempt}, a span per delivery attempt linked to the request that caused the event. Called
 * by `prospectkit-server start` and `worker` only when `tracingRequested()`, before the HTTP stack is loaded (the
 * instrumentations hook modules as they load: an ES module loader hook is registered first). The SDK is loaded
 * here, lazily: a process without `OTEL_*` never loads it.
 *
 * @param options.spanProcessors where spans go instead of `OTEL_TRACES_EXPORTER`'s exporter (tests pass an
 *   in-memory exporter). Default: the SDK's, from the environment
 * @param options.serviceName default `OTEL_SERVICE_NAME`, else `prospectkit-server`
 * @throws {TracingUnavailableError} when the SDK packages are not installed
 * @example
 * const tracing = tracingRequested() ? await startTracing() : undefined;
 * @see packages/server/README.md, "Metrics and traces"
 */
export async function startTracing(
  options: { spanProcessors?: unknown[]; serviceName?: string } = {},
): Promise<Tracing> {
  const load = async () => {
    try {
      register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
      return await Promise.all([
        import('@opentelemetry/sdk-node'),
        import('@opentelemetry/instrumentation-http'),
        import('@opentelemetry/instrumentation-express'),
      ]);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      throw new TracingUnavailableError(
        `OTEL_* settings ask for traces, but OpenTelemetry's Node SDK is not installed. Install it beside @prospectkit/server: npm install ${TRACING_PACKAGES} (or unset OTEL_TRACES_EXPORTER and OTEL_EXPORTER_OTLP_ENDPOINT).`,
      );
    }
  };
  const [{ NodeSDK, core, api }, { HttpInstrumentation }, { ExpressInstrumentation }] = await load();
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'prospectkit-server',
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors as never } : {}),
    instrumentations: [
      new HttpInstrumentation({
        // Health checks and scrapes every few seconds would drown the traces that matter.
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? ''),
      }),
      new ExpressInstrumentation(),
    ],
  });
  sdk.start();
  const tracer = serverTracer();
  return {
    traceDatabase(db, target) {
      const url = target.databaseUrl ? new URL(target.databaseUrl) : undefined;
      return tracedDatabase(
        db,
        {
          system: 'postgresql',
          namespace: url ? decodeURIComponent(url.pathname.slice(1)) || 'postgres' : 'pglite',
          address: url?.hostname,
          port: url ? Number(url.port || 5432) : undefined,
        },
        tracer,
      );
    },
    aroundAttempt: attemptSpans(tracer),
    nameRoute(route) {
      // Where the Express instrumentation puts the routes of its layers, and the HTTP span reads `http.route`
      // when it ends. The API's router layers (`/api/v1`) come later in the request, so the contract's route is
      // fixed here rather than overwritten by them.
      const metadata = core.getRPCMetadata(api.context.active());
      if (metadata?.type !== core.RPCType.HTTP) return;
      Object.defineProperty(metadata, 'route', { get: () => route, set: () => {}, configurable: true });
    },
    shutdown: () => sdk.shutdown(),
  };
}
