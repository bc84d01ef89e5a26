import { CONTRACT_OPERATIONS } from '@prospectkit/core';
import { type HttpHandler, http } from 'msw';
import { handleRequest } from './handle-request.js';
import type { MockContext } from './mock-context.js';

const METHOD = { GET: http.get, POST: http.post, PATCH: http.patch } as const;

/**
 * One msw handler per operation of the contract, and a HEAD one beside each GET (answered like GET without a
 * body, see openapi.yaml `info.description`, HEAD), then one for anything else under the base URL, which the
 * server also answers (401, 404 `Not found.`, 405 with `Allow`).
 */
export function createHandlers(ctx: MockContext): HttpHandler[] {
  const operations = CONTRACT_OPERATIONS.flatMap((operation) => {
    const url = `${ctx.baseUrl}${operation.mswPath}`;
    const handle = ({ request }: { request: Request }) => handleRequest(ctx, request, operation);
    const handler = METHOD[operation.method](url, handle);
    return operation.method === 'GET' ? [handler, http.head(url, handle)] : [handler];
  });
  const rest = ({ request }: { request: Request }) => handleRequest(ctx, request, undefined);
  return [...operations, http.all(ctx.baseUrl, rest), http.all(`${ctx.baseUrl}/*`, rest)];
}
