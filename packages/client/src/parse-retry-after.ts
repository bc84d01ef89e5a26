/**
 * Reads a `Retry-After` header as the milliseconds to wait before the next request.
 *
 * @param value - The header value: delta-seconds (`"120"`) or an HTTP-date (`"Wed, 21 Oct 2026 07:28:00 GMT"`),
 *   or `null`/`undefined` when the response has none.
 * @param nowMs - The current time in milliseconds since the Unix epoch, e.g. `Date.now()`; only used for an HTTP-date.
 * @returns The wait in milliseconds (`0` or more; a date in the past gives `0`), or `undefined` when the value is
 *   absent or is neither form.
 * @example
 * parseRetryAfter('30', Date.now()); // 30_000
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('2026-10-21T07:27:00Z')); // 60_000
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form (IMF-fixdate, RFC 850, asctime) starts with a day name; checking for it keeps
  // Date.parse from reading junk such as "1.5" as a calendar date.
  if (!/^[A-Za-z]/.test(text)) return undefined;
  const dateMs = Date.parse(text);
  return Number.isNaN(dateMs) ? undefined : Math.max(0, dateMs - nowMs);
}
