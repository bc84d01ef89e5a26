import { type HttpHandler, http } from 'msw';
import { CONTRACT_OPERATIONS } from './contract-operations.js';
import { handleRequest } from './handle-request.js';
import type { MockContext } from './mock-context.js';

const METHOD = { GET: http.get, POST: http.post, PATCH: http.patch } as const;

/**
 * One msw handler per operation of the contract, then one for anything else under the base URL, which the
 * server also answers (401, 404 `Not found.`, 405 with `Allow`).
 */
export function createHandlers(ctx: MockContext): HttpHandler[] {
  const operations = CONTRACT_OPERATIONS.map((operation) =>
    METHOD[operation.method](`${ctx.baseUrl}${operation.mswPath}`, ({ request }) =>
      handleRequest(ctx, request, operation),
    ),
  );
  const rest = ({ request }: { request: Request }) => handleRequest(ctx, request, undefined);
  return [...operations, http.all(ctx.baseUrl, rest), http.all(`${ctx.baseUrl}/*`, rest)];
}
