import type { NextFunction, Request, Response } from 'express';

/** The app's areas that lived below `/workspaces/:id/` of the old `/settings` tree and keep their name. */
const APP_AREAS = new Set(['prospects', 'imports', 'inbox']);

/**
 * Where a URL of the app from before its pages were grouped by feature lives now (docs/architecture.md, "The
 * app's URLs"): `/settings/sign-in` is `/sign-in`, `/settings/workspaces/:id/prospects` is
 * `/workspaces/:id/prospects`, `/settings/workspaces/:id/tokens` is `/workspaces/:id/settings/tokens`, and so on.
 *
 * @param path the path below `/settings` (`''` or starting with `/`), without the query
 * @returns the new path
 * @example
 * legacySettingsPath('/workspaces/ws_1/webhooks/wh_2'); // '/workspaces/ws_1/settings/webhooks/wh_2'
 */
export function legacySettingsPath(path: string): string {
  const [, first = '', id, area, ...rest] = path.split('/');
  if (first === 'sign-in' || first === 'sign-out' || first === 'assets' || first === 'postmaster')
    return path;
  if (first !== 'workspaces') return '/';
  if (id === undefined || id === '') return '/workspaces';
  const workspace = `/workspaces/${id}`;
  if (area === undefined || area === '') return `${workspace}/settings`;
  const tail = [area, ...rest].join('/');
  return APP_AREAS.has(area) ? `${workspace}/${tail}` : `${workspace}/settings/${tail}`;
}

/**
 * Middleware for `/settings`: a permanent redirect (308, so a form sent from an open old page keeps its method
 * and body) to the page's new address, with the query kept, so bookmarks and links from before keep working.
 */
export function legacySettingsRedirect(req: Request, res: Response, _next: NextFunction): void {
  const query = req.originalUrl.indexOf('?');
  res.redirect(
    308,
    legacySettingsPath(req.path === '/' ? '' : req.path) + (query < 0 ? '' : req.originalUrl.slice(query)),
  );
}
