import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer: nothing but the server's own script, style and images, no inline
 * code, no plugins, and no framing by any page (`frame-ancestors 'none'`).
 */
const STRICT = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
};

/**
 * Swagger UI at `/docs` runs from the files swagger-ui-express serves (no CDN), but its page carries inline
 * `<style>` blocks and its components set `style` attributes and draw `data:` images.
 */
const DOCS = {
  ...STRICT,
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
};

/** HSTS for a year on this host and its subdomains, sent only on https answers (browsers ignore it on http). */
const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

/**
 * Security headers on every answer of the app, by helmet: the strict Content-Security-Policy above,
 * `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, cross-origin
 * isolation headers, and `Strict-Transport-Security` when the request came over https (`req.secure`, which
 * follows `trust proxy`).
 *
 * @returns the middleware; mount it first
 * @see packages/server/README.md, "Security"
 */
export function securityHeaders(): RequestHandler {
  const common = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: STRICT },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    common(req, res, (error?: unknown) => {
      if (error || !req.secure) return next(error);
      hsts(req, res, next);
    });
  };
}

/** The Content-Security-Policy of `/docs` (see {@link DOCS}); mount it on `/docs` after {@link securityHeaders}. */
export function docsContentSecurityPolicy(): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives: DOCS });
}
