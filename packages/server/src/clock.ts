/** The time source of the server and worker; tests inject one to walk the retry schedule without waiting. */
export interface Clock {
  /** The current time. */
  now(): Date;
}

/** The system clock, `new Date()`. */
export const systemClock: Clock = { now: () => new Date() };
