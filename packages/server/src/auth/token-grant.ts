import type { Ability } from '@prospectkit/core';

/** What a valid token grants, as found by its hash (see `findTokenGrant`). */
export interface TokenGrant {
  tokenId: string;
  workspaceId: string;
  abilities: Ability[];
  lastUsedAt: Date | null;
  expiresAt: Date;
}
