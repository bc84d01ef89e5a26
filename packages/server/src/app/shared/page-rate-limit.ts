import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import rateLimiterFlexible, { type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientKey } from '../../rate-limit/client-key.js';

const { RateLimiterRes } = rateLimiterFlexible;

/** The key a page request is counted under: its signed-in session, else its client address (IPv6 by /64). */
export function pageKey(req: Request): string {
  const handle = req.session?.signedIn ? req.session.handle : undefined;
  return handle ? `session:${handle}` : `address:${clientKey(req.ip)}`;
}

/**
 * The app's own rate limit (`PAGE_LIMIT`, 300 pages a minute per session): separate from the API's 60 a minute
 * per address, which browsing never spends (openapi.yaml `info.description`, Rate limit). Assets are served
 * before it and never counted. Past the limit: `Retry-After` and the page `refuse` renders (429). A failing
 * counter store lets the page through, as the API's limit does, and says so in the log.
 */
export function pageRateLimit(options: {
  limiter: RateLimiterAbstract;
  logger: Logger;
  refuse: (req: Request, res: Response) => void;
}) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      await options.limiter.consume(pageKey(req));
      next();
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        options.logger.warn(
          { err_name: (rejection as Error).name },
          'page rate limit store failed; page let through',
        );
        return next();
      }
      res.set('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      options.refuse(req, res);
    }
  };
}
