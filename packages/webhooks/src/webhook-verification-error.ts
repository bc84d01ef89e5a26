/** Stable codes of {@link WebhookVerificationError}. */
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
 * Thrown when a webhook request cannot be trusted. `code` is stable; `message` says how to fix it and never
 * contains a secret or the body.
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
