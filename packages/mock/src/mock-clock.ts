/** Where the mock reads the time: `created_at`, `recorded_at`, `occurred_at` and the rate-limit window. */
export interface MockClock {
  now(): Date;
}

export const systemClock: MockClock = { now: () => new Date() };
