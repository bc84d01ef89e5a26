import { WebhookVerificationError } from './webhook-verification-error.js';

/** The value of 1-12 ASCII digits, or -1 for anything else (checked by hand: this runs on every request). */
function digitsValue(value: string): number {
  if (value.length === 0 || value.length > 12) return -1;
  let number = 0;
  for (let i = 0; i < value.length; i++) {
    const digit = value.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}

/**
 * Checks `Service-Timestamp` against the clock, in both directions.
 *
 * @param value - the header value, 1-12 ASCII digits (Unix seconds)
 * @param nowSeconds - the current Unix time in seconds
 * @param toleranceSeconds - the largest allowed distance, in seconds
 * @returns the timestamp in seconds
 * @throws {WebhookVerificationError} `malformed_timestamp` or `timestamp_outside_tolerance`
 * @throws {TypeError} when `nowSeconds` is not a finite number (an invalid `Date` from the clock)
 * @see openapi.yaml `components.parameters.ServiceTimestamp`
 */
export function parseTimestamp(value: string, nowSeconds: number, toleranceSeconds: number): number {
  // NaN would pass the distance check below, so a clock that cannot tell the time fails instead of skipping it.
  if (typeof nowSeconds !== 'number' || !Number.isFinite(nowSeconds)) {
    throw new TypeError(
      '[@prospectkit/webhooks] The clock must give the current time: clock.now() must return a valid Date, such as new Date().',
    );
  }
  const timestampSeconds = digitsValue(value);
  if (timestampSeconds < 0) {
    throw new WebhookVerificationError(
      'malformed_timestamp',
      'The Service-Timestamp header must be Unix time in whole seconds, 1-12 ASCII digits. Pass the header unchanged.',
    );
  }
  if (Math.abs(nowSeconds - timestampSeconds) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_outside_tolerance',
      `The Service-Timestamp is more than ${toleranceSeconds} seconds from this receiver's clock. Sync the clock (NTP); an old request may be a replay and is refused.`,
    );
  }
  return timestampSeconds;
}
