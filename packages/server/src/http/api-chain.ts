import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * The API's middleware under `prefix` (`/api/v1`) as one handler of the app, where an `express.Router` mounted at
 * the prefix would match each layer's path again and wrap every step in its own `next` (issue 28, "The server's
 * overhead"; docs/benchmarks.md). Inside, each handler sees what a mount shows it: `req.url` and `req.path`
 * relative to the prefix, `req.baseUrl` the prefix; both are restored before the request leaves the chain, by
 * `next()` to the app's later layers or `next(error)` to its error handler. A handler that returns a rejected
 * promise passes its error on, as Express 5 does.
 *
 * @param prefix the mount path, without a trailing slash, e.g. `/api/v1`
 * @param handlers the API's middleware in order; arrays (express-openapi-validator's) are flattened
 */
export function apiChain(prefix: string, handlers: ReadonlyArray<RequestHandler | RequestHandler[]>) {
  const chain = handlers.flat();
  // `/api/v1`, `/api/v1/...` or `/api/v1?...`, never `/api/v10`; without regard to case, as Express's mount.
  const mounted = new RegExp(`^${prefix.replace(/[/.]/g, '\\$&')}(?=[/?]|$)`, 'i');
  return (req: Request, res: Response, next: NextFunction): void => {
    const { url } = req;
    if (!mounted.test(url)) {
      next();
      return;
    }
    const rest = url.slice(prefix.length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    req.baseUrl = url.slice(0, prefix.length);
    let index = 0;
    const step = (error?: unknown): void => {
      const handler = chain[index++];
      if (error !== undefined || handler === undefined) {
        req.url = url;
        req.baseUrl = '';
        next(error);
        return;
      }
      try {
        const returned: unknown = handler(req, res, step);
        if (returned instanceof Promise)
          returned.then(undefined, (rejected: unknown) => step(rejected ?? new Error('Rejected promise')));
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}
