import type { ContractChecker } from '../contract.js';
import type { HardeningSettings } from '../settings.js';
import type { Tally } from '../tally.js';

/** What every part of the suite gets. */
export interface PartEnvironment {
  settings: HardeningSettings;
  tally: Tally;
  checker: ContractChecker;
  /** `TEST_DATABASE_URL`: throwaway databases are created on its server. */
  databaseUrl: string;
}

/** One part of the suite: it records what it sees in the tally and throws only when it cannot go on. */
export type Part = (env: PartEnvironment) => Promise<void>;
