import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { AttemptResult } from '../delivery/send-attempt.js';
import type { ClaimedDelivery } from '../store/delivery-queue.js';

/**
 * Runs a delivery attempt in a span of its own, `webhook delivery attempt`, linked to the span of the request
 * that wrote the event (the `traceparent` stored with the event, migration 16): the attempt happens later, in
 * any worker process, so it is a new trace linked to the cause rather than a child of it. Its attributes name
 * the delivery, event and webhook, the attempt's number and the receiver's status; a failed attempt sets the
 * span's status to error.
 *
 * @returns a function for `DeliveryWorkerOptions.aroundAttempt`
 * @see docs/architecture.md, "Metrics and traces"
 */
export function attemptSpans(tracer: Tracer) {
  return async <T>(delivery: ClaimedDelivery, attempt: () => Promise<T>): Promise<T> => {
    const cause = delivery.traceparent
      ? trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent: delivery.traceparent }))
      : undefined;
    return tracer.startActiveSpan(
      'webhook delivery attempt',
      {
        kind: SpanKind.PRODUCER,
        root: true,
        links: cause ? [{ context: cause, attributes: { 'prospectkit.link': 'caused by' } }] : [],
        attributes: {
          'prospectkit.delivery.id': delivery.id,
          'prospectkit.event.id': delivery.event_id,
          'prospectkit.event.type': delivery.type,
          'prospectkit.webhook.id': delivery.webhook_id,
          'prospectkit.attempt.number': delivery.attempts + 1,
        },
      },
      context.active(),
      async (span) => {
        try {
          const result = await attempt();
          const { statusCode, error } = result as unknown as AttemptResult;
          if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
          const ok = statusCode !== undefined && statusCode >= 200 && statusCode < 300;
          if (!ok) span.setStatus({ code: SpanStatusCode.ERROR, message: error ?? `status ${statusCode}` });
          return result;
        } finally {
          span.end();
        }
      },
    );
  };
}
