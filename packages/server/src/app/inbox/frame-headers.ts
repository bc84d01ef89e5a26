import type { Response } from 'express';
import { html, SafeHtml } from '../shared/html.js';

/**
 * The policy of a received message's formatted version: nothing runs (no script source, and the `sandbox`
 * directive makes the document's origin opaque even when it is opened on its own), nothing loads but inline
 * images and styles, forms go nowhere, and only the settings pages may frame it.
 */
const MAIL_FRAME_POLICY = [
  "default-src 'none'",
  'img-src data:',
  "style-src 'unsafe-inline'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'sandbox allow-popups allow-popups-to-escape-sandbox',
].join('; ');

/**
 * Lets a page frame this server's own addresses (`frame-src 'self'`), on top of the app's strict policy from
 * helmet (`http/security-headers.ts`), for the pages that show a message's formatted version. Every other page
 * keeps `default-src 'none'`, so it frames nothing.
 */
export function allowSameOriginFrames(res: Response): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy === 'string') res.setHeader('Content-Security-Policy', `${policy}; frame-src 'self'`);
}

/**
 * Sends a received message's formatted version, already sanitised, as the document of its sandboxed frame, with
 * {@link MAIL_FRAME_POLICY} in place of the app's policy and `X-Frame-Options: SAMEORIGIN` in place of `DENY`.
 *
 * @param sanitised HTML from `sanitizeEmailHtml` (never HTML as received)
 */
export function sendMailFrame(res: Response, sanitised: string): void {
  res.setHeader('Content-Security-Policy', MAIL_FRAME_POLICY);
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  const body = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Formatted version</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0.75rem;overflow-wrap:anywhere;color:#1b1f24}</style></head>
<body>${new SafeHtml(sanitised)}</body></html>`;
  res.status(200).type('html').send(body.value);
}
