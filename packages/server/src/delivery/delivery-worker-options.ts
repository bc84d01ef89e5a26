import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { ClaimedDelivery } from '../store/delivery-queue.js';
import type { HostResolver } from './host-resolver.js';
import type { PinnedDispatcherOptions } from './pinned-dispatcher.js';
import type { WebhookRequest } from './send-attempt.js';
import { WEBHOOK_USER_AGENT } from './user-agent.js';

/** Options of `createDeliveryWorker`; every one but `db` and `logger` has a default. */
export interface DeliveryWorkerOptions {
  /** The open, migrated database holding the outbox; several workers may share it. */
  db: Database;
  /** A pino logger; one line per attempt, never a secret. */
  logger: Logger;
  /** The time used to find due deliveries, sign attempts and schedule retries. Default: the system clock. */
  clock?: Clock;
  /**
   * Sends each attempt instead of the default, a bare dispatch on the pinned pool; given undici's `request`
   * signature (undici's own `request` works, or a test's stub). Default: none.
   */
  request?: WebhookRequest;
  /** How receiver names are resolved for the SSRF guard. Default: the operating system's resolver. */
  resolver?: HostResolver;
  /** `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1`: allow loopback receivers (and http on them). Default `false`. */
  allowInsecureWebhooks?: boolean;
  /** Extra CAs to trust (tests, private receivers); TLS verification itself is never off. Default: none. */
  tls?: {
    /** PEM certificate authorities trusted besides the system's roots. */
    ca?: PinnedDispatcherOptions['ca'];
  };
  /** How often to look for due deliveries when no NOTIFY arrives, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** How long a claim is held before another worker may take the delivery, in ms; more than `timeoutMs` + 5 s. Default 60,000. */
  leaseMs?: number;
  /** Attempts in flight at once. Default 32. */
  concurrency?: number;
  /**
   * Total time for one attempt (resolution, connection, TLS, response), in ms. Default 10,000: a 2xx must come
   * within 10 seconds. @see openapi.yaml `info.description` (Delivery)
   */
  timeoutMs?: number;
  /** The `User-Agent` sent. Default `ProspectKit-Webhooks/<package version>`. */
  userAgent?: string;
  /** Attempts older than this are deleted, in ms. Default 30 days. */
  attemptRetentionMs?: number;
  /** How often old attempts are pruned while running, in ms. Default 1 hour. */
  pruneIntervalMs?: number;
  /** Where attempts are counted (`prospectkit_delivery_*`). Default: nowhere. */
  metrics?: ServerMetrics;
  /**
   * Runs each attempt: tracing (`startTracing`) wraps it in a span linked to the request that wrote the event.
   * Default: runs it as it is.
   */
  aroundAttempt?: <T>(delivery: ClaimedDelivery, attempt: () => Promise<T>) => Promise<T>;
}

/** The defaults of {@link DeliveryWorkerOptions}. */
export const DELIVERY_WORKER_DEFAULTS = {
  /** 1 second between looks for due deliveries when no NOTIFY arrives. */
  pollIntervalMs: 1000,
  /** A claim is held 60 seconds before another worker may take the delivery. */
  leaseMs: 60_000,
  /** 32 attempts in flight at once. */
  concurrency: 32,
  /** 10 seconds for a whole attempt. */
  timeoutMs: 10_000,
  /** `ProspectKit-Webhooks/<package version>`. */
  userAgent: WEBHOOK_USER_AGENT,
  /** Attempts are kept 30 days. */
  attemptRetentionMs: 30 * 86_400_000,
  /** Old attempts are pruned every hour. */
  pruneIntervalMs: 3_600_000,
} as const;

/** {@link DeliveryWorkerOptions} with every default filled in. */
export type DeliveryWorkerSettings = {
  -readonly [K in keyof typeof DELIVERY_WORKER_DEFAULTS]: (typeof DELIVERY_WORKER_DEFAULTS)[K] extends string
    ? string
    : number;
};

/**
 * Fills in the defaults and checks the options that could break the delivery guarantees.
 *
 * @throws {RangeError} when `leaseMs` does not exceed `timeoutMs` by 5 s, or `concurrency` is not a whole number
 *   of at least 1
 */
export function deliveryWorkerSettings(options: DeliveryWorkerOptions): DeliveryWorkerSettings {
  const defaults = DELIVERY_WORKER_DEFAULTS;
  const settings = {
    pollIntervalMs: options.pollIntervalMs ?? defaults.pollIntervalMs,
    leaseMs: options.leaseMs ?? defaults.leaseMs,
    concurrency: options.concurrency ?? defaults.concurrency,
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    userAgent: options.userAgent ?? defaults.userAgent,
    attemptRetentionMs: options.attemptRetentionMs ?? defaults.attemptRetentionMs,
    pruneIntervalMs: options.pruneIntervalMs ?? defaults.pruneIntervalMs,
  };
  if (!(settings.leaseMs >= settings.timeoutMs + 5000)) {
    throw new RangeError(
      `leaseMs (${settings.leaseMs}) must be at least timeoutMs (${settings.timeoutMs}) + 5000, so an attempt ends before another worker may take its delivery.`,
    );
  }
  if (!(Number.isInteger(settings.concurrency) && settings.concurrency >= 1))
    throw new RangeError('concurrency must be a whole number of at least 1.');
  return settings;
}
