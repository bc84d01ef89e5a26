/** The time source of the server and worker; tests inject one to walk the retry schedule without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
