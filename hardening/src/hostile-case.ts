import type { OperationId } from './contract.js';
import type { FuzzContext } from './fuzz-context.js';
import type { Outgoing } from './http.js';

/** One raw hostile request and the statuses it may get. */
export interface HostileCase {
  name: string;
  operation: OperationId;
  request: Outgoing;
  /** Acceptable statuses. 431 is Node's own answer to oversized headers, before the app (outside the contract). */
  expected: readonly number[];
}

/** What every group of hostile cases starts from: a prospect id and the headers of a valid request. */
export interface HostileBase {
  /** A prospect of the token's workspace. */
  id: string;
  /** `Authorization` with a token that has every ability, and `Accept: application/json`. */
  auth: Record<string, string>;
  /** `auth` plus `Content-Type: application/json`. */
  json: Record<string, string>;
}

export function hostileBase(ctx: FuzzContext): HostileBase {
  const auth = { authorization: `Bearer ${ctx.token}`, accept: 'application/json' };
  return { id: ctx.prospectIds[0] as string, auth, json: { ...auth, 'content-type': 'application/json' } };
}
