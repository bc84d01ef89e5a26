import type { Ability } from '@prospectkit/core';

/**
 * What a valid API token grants: its workspace and abilities until it expires. Found by the token's hash
 * (`findTokenGrant` in store/api-tokens.ts) and cached by `createGrantCache`.
 */
export interface TokenGrant {
  /** The token's id, `tok_...`. */
  tokenId: string;
  /** The workspace the token acts in. */
  workspaceId: string;
  /** What the token may do. */
  abilities: Ability[];
  /** When it last authenticated a request, or `null`; decides whether `last_used_at` is written again. */
  lastUsedAt: Date | null;
  /** The token gets 401 from this instant on. */
  expiresAt: Date;
}
