import type { Ability, CustomFieldDefinition, WebhookEvent } from '@prospectkit/core';

/** One workspace of a target, empty when created. */
export interface TargetWorkspace {
  /** The workspace's id (`ws_...`), as events carry it. */
  id: string;
  /** A token of this workspace with these abilities. Default: every ability. */
  token(abilities?: readonly Ability[]): Promise<string>;
  /** Gives the workspace these custom fields, as the app's Workspace settings → Fields would. */
  defineCustomFields(fields: readonly CustomFieldDefinition[]): Promise<void>;
}

/** Something that serves the API at `baseUrl`, as the conformance suite sees it. */
export interface ConformanceTarget {
  /** e.g. `server on pglite` or `mock`. */
  name: string;
  /** The API's base URL, including `/api/v1`. */
  baseUrl: string;
  /** How requests reach it (the global fetch; msw intercepts it for the mock). */
  fetch: typeof fetch;
  /** `X-RateLimit-Limit` of `baseUrl`'s answers. */
  rateLimit: number;
  /** A fresh, empty workspace, so each group of tests starts from nothing. */
  workspace(): Promise<TargetWorkspace>;
  /** A token that was valid and is not any more (revoked). */
  revokedToken(): Promise<string>;
  /** Every event the target has emitted so far, oldest first. */
  events(): Promise<WebhookEvent[]>;
  /** The same API on another base URL with a rate limit of `limit` requests per minute, and a token for it. */
  rateLimited(limit: number): Promise<{ baseUrl: string; token: string }>;
  close(): Promise<void>;
}
