import { LRUCache } from 'lru-cache';
import type { Database, Sql } from '../db/database.js';
import type { TokenGrant } from './token-grant.js';

/** The NOTIFY channel that tells every instance to forget cached grants (a token revoked, a workspace suspended). */
export const AUTH_CHANGED_CHANNEL = 'prospectkit_auth_changed';

/** Tells every instance, on commit, that a token or workspace changed. */
export async function notifyAuthChanged(db: Sql): Promise<void> {
  await db.query(`select pg_notify('${AUTH_CHANGED_CHANNEL}', '')`);
}

/** A valid grant as cached; its `expiresAt` is checked on every use. */
export type CachedGrant = TokenGrant;

/** Options of {@link createGrantCache}. */
export interface GrantCacheOptions {
  /** Most tokens kept. Default 10,000. */
  max?: number;
  /** How long a grant is trusted without asking the database, in ms. Default 30,000. */
  ttlMs?: number;
}

/**
 * Caches valid token grants by token hash (on lru-cache), so a request does not look its token up every time.
 * Any change to a token or workspace, in any instance sharing the database, clears it through NOTIFY; the TTL
 * bounds staleness if a notification is ever missed. Unknown tokens are never cached.
 */
export async function createGrantCache(db: Database, options: GrantCacheOptions = {}) {
  const cache = new LRUCache<string, CachedGrant>({
    max: options.max ?? 10_000,
    ttl: options.ttlMs ?? 30_000,
  });
  const unlisten = await db.listen(AUTH_CHANGED_CHANNEL, () => cache.clear());
  return {
    get(tokenHash: string, now: Date): CachedGrant | undefined {
      const grant = cache.get(tokenHash);
      if (grant && grant.expiresAt <= now) {
        cache.delete(tokenHash);
        return undefined;
      }
      return grant;
    },
    set(tokenHash: string, grant: CachedGrant): void {
      cache.set(tokenHash, grant);
    },
    clear(): void {
      cache.clear();
    },
    close: unlisten,
  };
}

export type GrantCache = Awaited<ReturnType<typeof createGrantCache>>;
