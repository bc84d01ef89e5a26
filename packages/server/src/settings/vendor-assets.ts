import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';

/** The files of packages the pages use, served by this server (never a CDN): uPlot's script and stylesheet. */
const VENDOR = {
  'uplot.js': { module: 'uplot/dist/uPlot.iife.min.js', type: 'text/javascript; charset=utf-8' },
  'uplot.css': { module: 'uplot/dist/uPlot.min.css', type: 'text/css; charset=utf-8' },
} as const;

/** A file of {@link VENDOR}. */
export type VendorAsset = keyof typeof VENDOR;

const resolve = createRequire(import.meta.url).resolve;
const files = new Map<VendorAsset, { body: Buffer; version: string }>();

function file(name: VendorAsset) {
  let found = files.get(name);
  if (!found) {
    const body = readFileSync(resolve(VENDOR[name].module));
    found = { body, version: createHash('sha256').update(body).digest('hex').slice(0, 16) };
    files.set(name, found);
  }
  return found;
}

/**
 * The address of a package's file for the pages, with a `?v=` of its content's hash (cached a year, as the
 * settings assets are).
 *
 * @example
 * vendorAssetUrl('uplot.js'); // '/settings/assets/vendor/uplot.js?v=...'
 */
export function vendorAssetUrl(name: VendorAsset): string {
  return `/settings/assets/vendor/${name}?v=${file(name).version}`;
}

/**
 * Serves the files of {@link VENDOR} from the installed packages (uplot is a dependency of the server), under
 * `/settings/assets/vendor/`: same-origin, so the pages' Content-Security-Policy (`script-src 'self'`) allows
 * them, and no page ever depends on a CDN.
 *
 * @throws Error at start when a package's file is missing (a broken install), rather than at the first page
 */
export function vendorAssets(): RequestHandler {
  for (const name of Object.keys(VENDOR) as VendorAsset[]) file(name);
  return (req, res, next) => {
    const name = req.path.slice(1) as VendorAsset;
    if (!(name in VENDOR) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('Content-Type', VENDOR[name].type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.send(file(name).body);
  };
}
