import type { FieldIssue } from '@prospectkit/core';
import type { MockContext } from '../mock-context.js';

/** What an operation gets once every check of the contract's order has passed. */
export interface OperationRequest {
  ctx: MockContext;
  /** The token's workspace. */
  workspaceId: string;
  /** The prospect named in the path, known to exist in `workspaceId`. */
  prospectId: string;
  /** The query, types coerced and defaults applied. */
  query: Record<string, unknown>;
  /** The body, valid against the operation's schema. */
  body: unknown;
  /** The absolute base URL without a trailing slash, e.g. `http://localhost:3000/api/v1`. */
  apiRoot: string;
}

/** An operation's answer: a status and JSON body, or the issues of a 422 from the rules no schema says. */
export type OperationAnswer =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { issues: FieldIssue[] };

export type Operation = (request: OperationRequest) => OperationAnswer;
