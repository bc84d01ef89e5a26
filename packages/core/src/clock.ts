/**
 * Where a published package reads the current time: the `clock` option of the server (`createApp`,
 * `startWorker`), the mock (`createProspectKitMock`), the webhooks receiver (`verifyWebhook`, `processWebhook`,
 * the Express and fetch adapters) and the client's retries. One shape everywhere, so one test clock can drive
 * them all; docs/architecture.md ("One convention for now") says why it is a `Date`.
 *
 * @example
 * let at = Date.parse('2026-11-22T09:30:00Z');
 * const clock: Clock = { now: () => new Date(at) };
 * at += 60_000; // a minute later, for every reader of the clock
 */
export interface Clock {
  /** The current time, read on every use (never cached), so a test can move it between calls. */
  now(): Date;
}

/** The system clock: `now()` is `new Date()`. */
export const systemClock: Clock = { now: () => new Date() };
