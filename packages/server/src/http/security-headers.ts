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
 * The headers a helmet middleware sets, found by running it once against a response that only records them:
 * helmet's answer depends on its options alone, never on the request, so it is computed once at start and every
 * answer gets the same list (issue 28, "The server's overhead": one loop of `setHeader` instead of helmet's
 * dozen small middlewares on each request).
 */
function headersOf(middleware: RequestHandler): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let failure: unknown;
  middleware({ secure: true } as Request, recorder as unknown as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure;
  return [...headers];
}

/**
 * Security headers on every answer of the app, by helmet: the strict Content-Security-Policy above,
 * `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, cross-origin
 * isolation headers, and `Strict-Transport-Security` when the request came over https (`req.secure`, which
 * follows `trust proxy`). Helmet's headers are computed once (`headersOf`), then set on each answer.
 *
 * @returns the middleware; mount it first
 * @see packages/server/README.md, "Security"
 */
export function securityHeaders(): RequestHandler {
  const common = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: STRICT },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
  const secure = [...common, ...headersOf(hsts)];
  return (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of req.secure ? secure : common) res.setHeader(name, value);
    next();
  };
}

/** The Content-Security-Policy of `/docs` (see {@link DOCS}); mount it on `/docs` after {@link securityHeaders}. */
export function docsContentSecurityPolicy(): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives: DOCS });
}
