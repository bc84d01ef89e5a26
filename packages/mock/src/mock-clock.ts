/** Where the mock reads the time: `created_at`, `recorded_at`, `occurred_at` and the rate-limit window. */
export interface MockClock {
  /** The current time; called once per request, so a test can move it between requests. */
  now(): Date;
}

export const systemClock: MockClock = { now: () => new Date() };
