import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RequestHandler } from 'express';
import { assetUrl } from './app-assets.js';
import { html, type SafeHtml } from './html.js';

const resolve = createRequire(import.meta.url).resolve;

/**
 * The files of packages the pages use, served by this server from the installed packages (never a CDN):
 * uPlot's script and stylesheet (the delivery health charts), and @simplewebauthn/browser's bundle (UMD, global
 * `SimpleWebAuthnBrowser`; the same version as the server's @simplewebauthn/server) for passkeys.
 */
const VENDOR = {
  'uplot.js': { path: () => resolve('uplot/dist/uPlot.iife.min.js'), type: 'text/javascript; charset=utf-8' },
  'uplot.css': { path: () => resolve('uplot/dist/uPlot.min.css'), type: 'text/css; charset=utf-8' },
  'simplewebauthn-browser.js': {
    path: () => join(dirname(resolve('@simplewebauthn/browser')), '..', 'dist', 'bundle', 'index.umd.min.js'),
    type: 'text/javascript; charset=utf-8',
  },
} as const;

/** A file of {@link VENDOR}. */
export type VendorAsset = keyof typeof VENDOR;

const files = new Map<VendorAsset, { body: Buffer; version: string }>();

function file(name: VendorAsset) {
  let found = files.get(name);
  if (!found) {
    const body = readFileSync(VENDOR[name].path());
    found = { body, version: createHash('sha256').update(body).digest('hex').slice(0, 16) };
    files.set(name, found);
  }
  return found;
}

/**
 * The address of a package's file for the pages, with a `?v=` of its content's hash (cached a year, as the app's
 * own assets are).
 *
 * @example
 * vendorAssetUrl('uplot.js'); // '/assets/vendor/uplot.js?v=...'
 */
export function vendorAssetUrl(name: VendorAsset): string {
  return `/assets/vendor/${name}?v=${file(name).version}`;
}

/**
 * Serves the files of {@link VENDOR} below `/assets/vendor/` (mount it on `/assets/vendor`): same-origin, so the
 * pages' Content-Security-Policy (`script-src 'self'`) allows them.
 *
 * @throws Error at start when a package's file is missing (a broken install), rather than at the first page
 */
export function vendorAssets(): RequestHandler {
  for (const name of Object.keys(VENDOR) as VendorAsset[]) file(name);
  return (req, res, next) => {
    const name = req.path.slice(1) as VendorAsset;
    if (!Object.hasOwn(VENDOR, name) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('Content-Type', VENDOR[name].type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.send(file(name).body);
  };
}

/** The `<script>` tags of a page with passkeys: the bundle, then the app's `passkeys.js` that uses it. */
export function passkeyScripts(): SafeHtml {
  return html`<script src="${vendorAssetUrl('simplewebauthn-browser.js')}" defer></script>
<script src="${assetUrl('passkeys.js')}" defer></script>`;
}
