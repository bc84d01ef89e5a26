import type { OperationId } from './contract.js';

// What the fuzzed requests need from the server under test: its tokens and prospects (built in context.ts).

/** Tokens and ids the generated requests use. */
export interface FuzzContext {
  /** A token with every ability. */
  token: string;
  /** Per operation, a live token without the ability it needs. */
  lacking: Record<OperationId, string>;
  /** Well-formed tokens that must get 401. */
  expired: string;
  revoked: string;
  unknown: string;
  /** Prospects of the token's workspace. */
  prospectIds: readonly string[];
  /** A prospect of another workspace (must look unknown). */
  foreignProspectId: string;
}
