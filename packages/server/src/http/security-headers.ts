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
 * The API's answers are JSON, never a page: they get the headers OWASP's REST Security Cheat Sheet names for an
 * API (a policy that loads and frames nothing, `nosniff`, `DENY`, no referrer, same-origin resources), not the
 * ones that only a browsing context reads (opener policy, agent cluster, DNS prefetch, download and
 * cross-domain options, the XSS auditor). Five headers instead of eleven: each costs every answer its setting
 * and its share of the header block (docs/benchmarks.md, "The server's overhead").
 */
const API = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
  },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** The API's paths: `/api/`, and `/api` itself (both answered by the API's JSON 404 or its operations). */
const isApi = (url: string) => url.startsWith('/api/') || url === '/api';

/**
 * Security headers on every answer of the app, by helmet: on the app's pages, `/docs` and the rest, the strict
 * Content-Security-Policy above, `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer` and cross-origin isolation headers; on the API's JSON answers, the five of
 * {@link API}. `Strict-Transport-Security` is added when the request came over https (`req.secure`, which
 * follows `trust proxy`). Helmet's headers are computed once (`headersOf`), then set on each answer.
 *
 * @returns the middleware; mount it first
 * @see packages/server/README.md, "Security"
 */
export function securityHeaders(): RequestHandler {
  const pages = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: STRICT },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
  const api = headersOf(API);
  const https = headersOf(hsts);
  const lists = {
    pages: { plain: pages, secure: [...pages, ...https] },
    api: { plain: api, secure: [...api, ...https] },
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const list = isApi(req.url) ? lists.api : lists.pages;
    const headers = req.secure ? list.secure : list.plain;
    for (let i = 0; i < headers.length; i++) {
      const [name, value] = headers[i] as readonly [string, string];
      res.setHeader(name, value);
    }
    next();
  };
}

/** The Content-Security-Policy of `/docs` (see {@link DOCS}); mount it on `/docs` after {@link securityHeaders}. */
export function docsContentSecurityPolicy(): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives: DOCS });
}
