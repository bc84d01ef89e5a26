import { WebhookVerificationError } from './webhook-verification-error.js';

const DIGITS = /^[0-9]{1,12}$/;

/**
 * Checks `Service-Timestamp` against the clock, in both directions.
 *
 * @param value - the header value, 1-12 ASCII digits (Unix seconds)
 * @param nowSeconds - the current Unix time in seconds
 * @param toleranceSeconds - the largest allowed distance, in seconds
 * @returns the timestamp in seconds
 * @throws {WebhookVerificationError} `malformed_timestamp` or `timestamp_outside_tolerance`
 * @see openapi.yaml `components.parameters.ServiceTimestamp`
 */
export function parseTimestamp(value: string, nowSeconds: number, toleranceSeconds: number): number {
  if (!DIGITS.test(value)) {
    throw new WebhookVerificationError(
      'malformed_timestamp',
      'The Service-Timestamp header must be Unix time in whole seconds, 1-12 ASCII digits. Pass the header unchanged.',
    );
  }
  const timestampSeconds = Number(value);
  if (Math.abs(nowSeconds - timestampSeconds) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_outside_tolerance',
      `The Service-Timestamp is more than ${toleranceSeconds} seconds from this receiver's clock. Sync the clock (NTP); an old request may be a replay and is refused.`,
    );
  }
  return timestampSeconds;
}
