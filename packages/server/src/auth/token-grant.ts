import type { Ability } from '@prospectkit/core';

/**
 * What a valid API token grants: its workspace and abilities until it expires. Found by the token's hash
 * (`findTokenGrant` in store/api-tokens.ts) and cached by `createGrantCache`.
 */
export interface TokenGrant {
  tokenId: string;
  workspaceId: string;
  abilities: Ability[];
  lastUsedAt: Date | null;
  expiresAt: Date;
}
