import { context, propagation } from '@opentelemetry/api';

/**
 * The W3C `traceparent` of the span active now (the request being answered), or `null` when tracing is off or
 * nothing is being traced. Stored with each event (migration 16), so the delivery attempts it causes, in any
 * process and at any later time, link their spans to that request. Without the SDK (no `OTEL_*` settings) the
 * OpenTelemetry API's propagator is a no-op and this costs next to nothing.
 *
 * @see docs/architecture.md, "Metrics and traces"
 */
export function currentTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}
