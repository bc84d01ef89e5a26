// The app's routes as Express holds them, for tests that must cover every page (the route x role walk, the
// accessibility walk): a route added anywhere in the app router is found without listing it by hand.
import type { Router } from 'express';

/** One route of the app as Express holds it: method and full path, parameters as `:name`. */
export interface AppRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string | string[];
  slash?: boolean;
}

/** Every route below a router, by walking its stack (and its routers'), so a route added anywhere is found. */
function walk(router: { stack?: Layer[] }, prefix = ''): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const layer of router.stack ?? []) {
    if (layer.route) {
      for (const path of [layer.route.path].flat())
        for (const method of Object.keys(layer.route.methods))
          if (method !== '_all')
            routes.push({ method: method.toUpperCase(), path: `${prefix}${path === '/' ? '' : path}` });
    } else if (layer.handle.stack) {
      const mount = layer.slash ? '' : ([layer.rawPath ?? ''].flat()[0] ?? '');
      routes.push(...walk(layer.handle, `${prefix}${mount === '/' ? '' : mount}`));
    }
  }
  return routes;
}

/** Every route of an app router (`appRouter(...)`): its method and full path, parameters as `:name`. */
export function appRoutes(router: Router): AppRoute[] {
  return walk(router as unknown as { stack: Layer[] });
}
