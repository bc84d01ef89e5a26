/**
 * Stable codes of {@link WebhookVerificationError}, safe to branch on and to return to the sender.
 *
 * | code | when |
 * | --- | --- |
 * | `missing_header` | `Service-Event-ID`, `Service-Timestamp` or `Service-Signature` is absent or empty |
 * | `malformed_header` | a `Service-Signature` entry is not `v1=` plus 64 lowercase hex characters |
 * | `malformed_timestamp` | `Service-Timestamp` is not 1-12 ASCII digits |
 * | `timestamp_outside_tolerance` | `Service-Timestamp` is more than `toleranceSeconds` from now, either way |
 * | `no_matching_signature` | no signature matches any secret |
 * | `invalid_body` | the body is a parsed object, or the signed body is not a UTF-8 JSON object |
 * | `event_id_mismatch` | the envelope `id` differs from `Service-Event-ID` |
 * | `invalid_secret` | a secret is not a `whk_` signing secret, or the list is empty |
 *
 * @see service-spec.md section 5, "Webhook signature"
 */
export type WebhookVerificationErrorCode =
  | 'missing_header'
  | 'malformed_header'
  | 'malformed_timestamp'
  | 'timestamp_outside_tolerance'
  | 'no_matching_signature'
  | 'invalid_body'
  | 'event_id_mismatch'
  | 'invalid_secret';

/**
 * Thrown when a webhook request cannot be trusted. `code` is stable (see {@link WebhookVerificationErrorCode});
 * `message` says what failed and how to fix it, and never contains a secret or the body.
 *
 * @example
 * try {
 *   await verifyWebhook({ body, headers, secret });
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) return new Response(error.code, { status: 400 });
 *   throw error;
 * }
 * @see {@link verifyWebhook}
 */
export class WebhookVerificationError extends Error {
  /** The class name, `'WebhookVerificationError'`. */
  override readonly name = 'WebhookVerificationError';
  /** What failed, one of {@link WebhookVerificationErrorCode}. */
  readonly code: WebhookVerificationErrorCode;

  /**
   * @param code - what failed
   * @param message - what failed and how to fix it; must not contain a secret or the body
   */
  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(`[@prospectkit/webhooks] ${message}`);
    this.code = code;
  }
}
