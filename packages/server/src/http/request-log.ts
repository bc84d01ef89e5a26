import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

/** The app's one-time links carry their secret in the path: the log keeps the page, never the token. */
const LINK_TOKEN = /^\/(invitations|password-reset)\/[^/?#]+/;

/** The request's URL as logged: a one-time link's token replaced by `[redacted]`. */
export const loggedUrl = (url: string) => url.replace(LINK_TOKEN, '/$1/[redacted]');

/**
 * One pino line per request when it ends: `req` (`id`, `method`, `url`), `res` (`statusCode`) and
 * `responseTime` in ms, at `info`, or at `error` with `err` for a 5xx. The same lines pino-http wrote, without
 * its two child loggers per request, which cost about a tenth of a simple request's time even when `info` is
 * off. Nothing is serialized when the level is off. One `close` listener per request (a response always
 * emits `close`, after `finish` when it was sent whole): `finish` and `error` listeners would cost two more
 * registrations and removals on every request (issue 28, "The server's overhead").
 *
 * @param logger the server's logger (its redaction applies)
 */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const startedMs = Date.now();
    const url = loggedUrl(req.url);
    res.once('close', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: { id: req.id, method: req.method, url },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - startedMs,
      };
      if (level === 'error') {
        logger.error(
          { ...line, err: new Error(`failed with status code ${res.statusCode}`) },
          'request errored',
        );
      } else {
        // Sent whole, or cut off (the client gone, a socket error) before its last byte.
        logger.info(line, res.writableFinished ? 'request completed' : 'request aborted');
      }
    });
    next();
  };
}
