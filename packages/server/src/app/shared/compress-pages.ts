import { constants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Compression of the app's pages and assets (expressjs/compression): brotli when the browser accepts it, else
 * gzip, for answers of at least 1 KiB whose type is compressible (HTML, CSS, JS). Brotli at quality 4, not its
 * default 11: a page is made for each request, and quality 4 costs about as much CPU as gzip's default while
 * compressing HTML better. The API under `/api/v1` is not compressed: on this server, compressing its JSON cost
 * more CPU per request than the bytes it saved are worth (docs/benchmarks.md, "Compression").
 *
 * @returns the middleware; mount it before the app's routes
 */
export function compressPages(): RequestHandler {
  return compression({
    threshold: 1024,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
