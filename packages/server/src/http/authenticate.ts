import { bearerToken } from '@prospectkit/core';
import { hashApiToken, isWellFormedApiToken } from '../auth/api-token.js';
import type { GrantCache } from '../auth/grant-cache.js';
import type { TokenGrant } from '../auth/token-grant.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { findTokenGrant, touchApiToken } from '../store/api-tokens.js';
import { type ApiError, unauthenticated } from './api-error.js';

const TOUCH_INTERVAL_MS = 60_000;

/**
 * Bearer authentication, the `authenticate` step of the contract's order of checks: the request's token grant,
 * or the 401 to answer. Every failure answers the same 401, so the answer tells nothing about why.
 * `last_used_at` is written at most once a minute per token.
 *
 * @see openapi.yaml `components.securitySchemes.bearerAuth`
 */
export function authenticate(db: Database, clock: Clock, grants?: GrantCache) {
  const lastTouch = new Map<string, number>();
  return async (authorization: string | undefined): Promise<TokenGrant | ApiError> => {
    const token = bearerToken(authorization);
    if (!token || !isWellFormedApiToken(token)) return unauthenticated();
    const now = clock.now();
    const hash = hashApiToken(token);
    let grant = grants?.get(hash, now);
    if (!grant) {
      grant = await findTokenGrant(db, hash, now);
      if (!grant) return unauthenticated();
      grants?.set(hash, grant);
    }
    const seen = Math.max(lastTouch.get(grant.tokenId) ?? 0, grant.lastUsedAt?.getTime() ?? 0);
    if (now.getTime() - seen >= TOUCH_INTERVAL_MS) {
      lastTouch.set(grant.tokenId, now.getTime());
      await touchApiToken(db, grant.tokenId, now);
    }
    return grant;
  };
}
