import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler } from 'express';

/**
 * The files under `assets/`: the pages' stylesheets, linked in this order (each later one may override an earlier
 * one; the app's pages add their own after the settings ones), their script, and the import and inbox pages' own.
 */
export type AppAsset =
  | 'settings-base.css'
  | 'settings-forms.css'
  | 'settings.css'
  | 'prospects.css'
  | 'settings.js'
  | 'import.css'
  | 'import.js'
  | 'inbox.css'
  | 'passkeys.js'
  | 'webhook-health.css'
  | 'webhook-health.js'
  | 'bulk.js';

const ASSETS: readonly AppAsset[] = [
  'settings-base.css',
  'settings-forms.css',
  'settings.css',
  'prospects.css',
  'settings.js',
  'import.css',
  'import.js',
  'inbox.css',
  'passkeys.js',
  'webhook-health.css',
  'webhook-health.js',
  'bulk.js',
];

/**
 * The folder beside this module: `src/app/shared/assets/` when run from source (tsx), and `dist/assets/` in the
 * package, where the build copies it beside the bundled chunks.
 */
const ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

/** A year: the address carries the content's hash, so a changed file is a new address. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const versions = new Map<AppAsset, string>();

/** The first 16 hex digits of the file's SHA-256, read once. */
function version(name: AppAsset): string {
  let hash = versions.get(name);
  if (hash === undefined) {
    try {
      hash = createHash('sha256')
        .update(readFileSync(`${ASSETS_DIR}${name}`))
        .digest('hex')
        .slice(0, 16);
    } catch (error) {
      throw new Error(
        `[prospectkit] Failed to read the settings asset ${name} in ${ASSETS_DIR}: ${(error as Error).message}. Reinstall @prospectkit/server (or run its build, which copies the folder).`,
      );
    }
    versions.set(name, hash);
  }
  return hash;
}

/**
 * The address of a settings asset for the pages to link, with a `?v=` of its content's hash, so browsers may keep
 * it a year and still get a changed file at once.
 *
 * @example
 * assetUrl('settings.css'); // '/assets/settings.css?v=3f2a9c0d1e4b5a6f'
 */
export function assetUrl(name: AppAsset): string {
  return `/assets/${name}?v=${version(name)}`;
}

/**
 * Serves the settings assets from their folder by `express.static`: content types from the file name
 * (`text/css`, `text/javascript`), `ETag` and `Last-Modified`, and `Cache-Control` for a year. Mount it on
 * `/assets`. The app's Content-Security-Policy (`script-src 'self'; style-src 'self'`) allows them,
 * being same-origin files rather than inline code.
 *
 * @throws Error when a file is missing (a broken install): at start-up rather than at the first page
 */
export function appAssets(): RequestHandler {
  for (const name of ASSETS) version(name);
  return express.static(ASSETS_DIR, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // Set here rather than by `maxAge`: the settings router has already set `no-store`, which `send` keeps.
    setHeaders: (res) => res.setHeader('Cache-Control', CACHE_CONTROL),
  });
}
