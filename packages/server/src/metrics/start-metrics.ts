import type { Database } from '../db/database.js';
import type { MetricsConfig } from './metrics-config.js';
import type { MetricsListener } from './metrics-listener.js';
import type { PrometheusMetrics } from './prometheus-metrics.js';
import { NO_METRICS, type ServerMetrics } from './server-metrics.js';

/** A process's metrics, as {@link startMetrics} set them up. */
export interface ProcessMetrics {
  /** What the parts report to: prom-client's families, or nothing when metrics are off. */
  metrics: ServerMetrics;
  /** The registry, when metrics are on (the API times its requests with it and may serve it). */
  prometheus: PrometheusMetrics | undefined;
  /** The listener of `PROSPECTKIT_METRICS_PORT`, when set. */
  listener: MetricsListener | undefined;
  /** Stops the listener. */
  close(): Promise<void>;
}

/**
 * Sets up a process's metrics from its settings: nothing when neither `PROSPECTKIT_METRICS_PORT` nor
 * `PROSPECTKIT_METRICS_TOKEN` is set (prom-client is not even loaded), else the registry and, with a port, its
 * listener, bound before the process creates or prints anything.
 *
 * @param options.role `api` (`start`) or `worker`
 * @param options.stopping whether the process is stopping (the listener's `/readyz` answers 503)
 * @throws {ListenError} when the metrics port cannot be bound
 * @example
 * const metrics = await startMetrics({ config: config.metrics, db, role: 'worker' });
 */
export async function startMetrics(options: {
  config: MetricsConfig & { enabled: boolean };
  db: Database;
  role: 'api' | 'worker';
  stopping?: () => boolean;
}): Promise<ProcessMetrics> {
  if (!options.config.enabled)
    return { metrics: NO_METRICS, prometheus: undefined, listener: undefined, close: async () => {} };
  const { createPrometheusMetrics } = await import('./prometheus-metrics.js');
  const prometheus = createPrometheusMetrics({ db: options.db, role: options.role });
  let listener: MetricsListener | undefined;
  if (options.config.port !== undefined) {
    const { startMetricsListener } = await import('./metrics-listener.js');
    listener = await startMetricsListener({
      prometheus,
      config: options.config,
      db: options.db,
      ...(options.stopping ? { stopping: options.stopping } : {}),
    });
  }
  return {
    metrics: prometheus.metrics,
    prometheus,
    listener,
    close: async () => {
      await listener?.close();
    },
  };
}
