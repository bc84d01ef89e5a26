import { bearerToken } from '@prospectkit/core';
import type { NextFunction, Request, Response } from 'express';
import { hashApiToken, isWellFormedApiToken } from '../auth/api-token.js';
import type { GrantCache } from '../auth/grant-cache.js';
import type { TokenGrant } from '../auth/token-grant.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { findTokenGrant, touchApiToken } from '../store/api-tokens.js';
import { ApiError, unauthenticated } from './api-error.js';
import type { ContractRoute } from './contract.js';

declare module 'express-serve-static-core' {
  interface Request {
    grant?: TokenGrant;
    route_?: ContractRoute;
    /** The prospect id named in the path, when the operation has one. */
    prospectIdParam?: string;
  }
}

const TOUCH_INTERVAL_MS = 60_000;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Bearer authentication and abilities (checks 2 and 3 of the contract's order). Every failure answers the
 * same 401, so the answer tells nothing about why; a token lacking the operation's ability gets 403 naming it.
 * `last_used_at` is written at most once a minute per token.
 */
export function authenticate(
  db: Database,
  clock: Clock,
  routes: readonly ContractRoute[],
  grants?: GrantCache,
) {
  const lastTouch = new Map<string, number>();
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const token = bearerToken(req.get('authorization'));
      if (!token || !isWellFormedApiToken(token)) throw unauthenticated();
      const now = clock.now();
      const hash = hashApiToken(token);
      let grant = grants?.get(hash, now);
      if (!grant) {
        grant = await findTokenGrant(db, hash, now);
        if (!grant) throw unauthenticated();
        grants?.set(hash, grant);
      }
      req.grant = grant;
      const seen = Math.max(lastTouch.get(grant.tokenId) ?? 0, grant.lastUsedAt?.getTime() ?? 0);
      if (now.getTime() - seen >= TOUCH_INTERVAL_MS) {
        lastTouch.set(grant.tokenId, now.getTime());
        await touchApiToken(db, grant.tokenId, now);
      }
      const path = req.path;
      // HEAD is answered like GET, so it needs GET's ability: openapi.yaml `info.description` (HEAD).
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const route = routes.find((r) => r.method === method && r.pattern.test(path));
      if (route) {
        req.route_ = route;
        const id = route.hasProspectId ? route.pattern.exec(path)?.[1] : undefined;
        if (id !== undefined) req.prospectIdParam = safeDecode(id);
        if (!grant.abilities.includes(route.ability)) {
          throw new ApiError(403, `This token lacks the ${route.ability} ability.`);
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
