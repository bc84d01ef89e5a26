/** How hard the suite pushes: `ci` (default, a few minutes) or `long` (by hand). */
export type HardeningLevel = 'ci' | 'long';

/** The suite's settings for one level. */
export interface HardeningSettings {
  level: HardeningLevel;
  /** Fuzzed requests per contract operation (reference server on PostgreSQL). */
  fuzzRequestsPerOperation: number;
  /** How many times each hostile raw input is sent. */
  hostileRounds: number;
  /** Requests in flight at once while fuzzing. */
  concurrency: number;
  /** Events created across two instances and awaited at the receiver. */
  events: number;
  /** The limit used by the several-instances rate-limit check, per minute. */
  rateLimit: number;
  /** Soak length in seconds and its fixed request rate per second. */
  soakSeconds: number;
  soakRatePerSecond: number;
  /** fast-check seed; `HARDENING_SEED` replays a run. */
  seed: number;
}

/** Reads `HARDENING_LEVEL` (`ci` or `long`, default `ci`) and `HARDENING_SEED`. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): HardeningSettings {
  const level = (env.HARDENING_LEVEL || 'ci') as HardeningLevel;
  if (level !== 'ci' && level !== 'long') {
    throw new Error(`HARDENING_LEVEL must be ci or long; got "${env.HARDENING_LEVEL}".`);
  }
  const seed = env.HARDENING_SEED ? Number(env.HARDENING_SEED) : Date.now() % 2_147_483_647;
  if (!Number.isInteger(seed)) throw new Error('HARDENING_SEED must be a whole number.');
  const long = level === 'long';
  return {
    level,
    fuzzRequestsPerOperation: long ? 100_000 : 2_000,
    hostileRounds: long ? 20 : 1,
    concurrency: 8,
    events: 5_000,
    rateLimit: 40,
    soakSeconds: long ? 600 : 60,
    soakRatePerSecond: 50,
    seed,
  };
}
