/**
 * What the server's parts report to the metrics, when they are on (`PROSPECTKIT_METRICS_PORT` or
 * `PROSPECTKIT_METRICS_TOKEN`). Each part takes one as an option and calls it where the thing happens; the
 * default, {@link NO_METRICS}, does nothing, so a server without metrics never loads prom-client.
 *
 * Every label value is from a bounded set: an operationId, a status code, a result, a webhook id (at most
 * `MAX_WEBHOOK_LABELS` per process), never a prospect id or an address.
 *
 * @see docs/architecture.md, "Metrics and traces"
 */
export interface ServerMetrics {
  /** One HTTP request answered: `operation` is the contract's operationId or the area (`settings`, `healthz` ...). */
  httpRequest(operation: string, status: number, seconds: number): void;
  /** One request refused by a rate limit: the API's (`api`) or the settings sign-in's (`sign_in`). */
  rateLimited(limiter: 'api' | 'sign_in'): void;
  /**
   * One delivery attempt ended: `result` is `succeeded`, `retry` (a retry is scheduled) or `failed` (no attempt
   * left, or refused); `seconds` is the attempt's duration.
   */
  deliveryAttempt(webhookId: string, result: 'succeeded' | 'retry' | 'failed', seconds: number): void;
  /** A delivery succeeded: seconds from its event's commit to the receiver's 2xx. */
  deliveredAfter(seconds: number): void;
  /** One import batch committed: its rows by outcome. */
  importRows(rows: { created: number; skipped: number; rejected: number }): void;
  /** One inbound SMTP message: `accepted`, or `refused` with why (`too_large`, `no_mailbox`, `relay_denied` ...). */
  smtpMessage(result: 'accepted' | 'refused', reason?: string): void;
}

/** Webhook ids labelled per process; past it, attempts count under `webhook_id="other"`. */
export const MAX_WEBHOOK_LABELS = 1000;

/** The metrics of a server without metrics: every call does nothing. */
export const NO_METRICS: ServerMetrics = {
  httpRequest() {},
  rateLimited() {},
  deliveryAttempt() {},
  deliveredAfter() {},
  importRows() {},
  smtpMessage() {},
};
