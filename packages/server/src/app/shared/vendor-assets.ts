import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RequestHandler } from 'express';
import { assetUrl } from './app-assets.js';
import { html, type SafeHtml } from './html.js';

/**
 * @simplewebauthn/browser's browser bundle (UMD, global `SimpleWebAuthnBrowser`), served by the app itself at
 * `/assets/vendor/simplewebauthn-browser.js` from the installed package: no CDN, and the same version as the
 * server's @simplewebauthn/server.
 */
const BUNDLE = join(
  dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')),
  '..',
  'dist',
  'bundle',
  'index.umd.min.js',
);

let bundle: { body: Buffer; version: string } | undefined;
const load = () => {
  if (!bundle) {
    const body = readFileSync(BUNDLE);
    bundle = { body, version: createHash('sha256').update(body).digest('hex').slice(0, 16) };
  }
  return bundle;
};

/** Serves the bundle at `/vendor/simplewebauthn-browser.js` below `/assets`, cached a year (its URL carries its hash). */
export function vendorAssets(): RequestHandler {
  load();
  return (req, res, next) => {
    if (req.path !== '/vendor/simplewebauthn-browser.js' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return next();
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
    res.type('text/javascript').send(load().body);
  };
}

/** The `<script>` tags of a page with passkeys: the bundle, then the app's `passkeys.js` that uses it. */
export function passkeyScripts(): SafeHtml {
  return html`<script src="/assets/vendor/simplewebauthn-browser.js?v=${load().version}" defer></script>
<script src="${assetUrl('passkeys.js')}" defer></script>`;
}
