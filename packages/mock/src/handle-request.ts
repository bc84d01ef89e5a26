import { ABILITIES, allowHeader, bearerToken, nulIssues, toValidationBody } from '@prospectkit/core';
import { delay } from 'msw';
import { ulid } from 'ulidx';
import { allowedMethods, CONTRACT_OPERATIONS, type ContractOperation } from './contract-operations.js';
import type { MockFault } from './fault-queue.js';
import type { MockContext } from './mock-context.js';
import type { TokenGrant } from './mock-database.js';
import { OPERATIONS } from './operations/index.js';
import { SERVICE_RATE_LIMIT } from './rate-limiter.js';
import { readJsonBody } from './read-json-body.js';
import { reply } from './reply.js';
import { type QueryObject, validateRequest } from './request-validators.js';

const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);
const PATH_PATTERNS = [...new Set(CONTRACT_OPERATIONS.map((o) => o.path))].map((path) => ({
  path,
  // Case-insensitive, like msw's matching and the server's routing.
  pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`, 'i'),
}));

/** The base URL made absolute against the request (a browser may give a relative one), without a trailing slash. */
function apiRootOf(ctx: MockContext, request: Request): string {
  return new URL(ctx.baseUrl, request.url).href.replace(/\/+$/, '');
}

function queryOf(url: URL): QueryObject {
  const query: QueryObject = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

function authenticate(ctx: MockContext, request: Request): TokenGrant | undefined {
  const token = bearerToken(request.headers.get('authorization'));
  if (!token) return undefined;
  const grant = ctx.db.tokens.get(token);
  if (grant) return grant;
  return ctx.authMode === 'any' ? { abilities: [...ABILITIES], workspaceId: ctx.db.workspaceId } : undefined;
}

/** An injected fault's answer, or `undefined` to go on (after the delay, for `{ delayMs }`). */
async function injected(ctx: MockContext, fault: MockFault, headers: Headers): Promise<Response | undefined> {
  if (fault === 'network-error') return Response.error();
  if (fault === 500) return reply(500, { message: 'Server Error.' }, headers);
  if (typeof fault === 'object' && 'delayMs' in fault) {
    await delay(fault.delayMs);
    return undefined;
  }
  const nowMs = ctx.clock.now().getTime();
  const waitMs =
    typeof fault === 'object'
      ? fault.retryAfterSeconds * 1000
      : (ctx.rateLimiter?.msBeforeReset(nowMs) ?? 60_000);
  headers.set('X-RateLimit-Limit', String(ctx.rateLimiter?.limit ?? SERVICE_RATE_LIMIT));
  headers.set('X-RateLimit-Remaining', '0');
  headers.set('Retry-After', String(Math.ceil(waitMs / 1000)));
  headers.set('X-RateLimit-Reset', String(Math.ceil((nowMs + waitMs) / 1000)));
  return reply(429, { message: 'Too Many Attempts.' }, headers);
}

/**
 * Answers one request under the base URL like the reference server, in the contract's order of checks: an
 * injected fault, then rate limit (429), authentication (401), ability (403), the body's media (415, 413,
 * 400), the prospect in the path (404), validation (422), and the operation. `operation` is `undefined` for a
 * path or method the contract does not have (404 or 405 once authenticated).
 *
 * @see openapi.yaml `info.description` (Order of checks)
 */
export async function handleRequest(
  ctx: MockContext,
  request: Request,
  operation: ContractOperation | undefined,
): Promise<Response> {
  const sentId = request.headers.get('x-request-id');
  const requestId = sentId && CLIENT_REQUEST_ID.test(sentId) ? sentId : `req_${ulid()}`;
  try {
    return await answerRequest(ctx, request, operation, new Headers({ 'X-Request-Id': requestId }));
  } catch (error) {
    // Like the server: a bug answers the contract's 500, never a stack trace. A test that wrote something odd
    // into `db` finds the cause in the console.
    console.error('[@prospectkit/mock] Failed to answer %s %s:', request.method, request.url, error);
    return reply(500, { message: 'Server Error.' }, new Headers({ 'X-Request-Id': requestId }));
  }
}

async function answerRequest(
  ctx: MockContext,
  request: Request,
  operation: ContractOperation | undefined,
  headers: Headers,
): Promise<Response> {
  const answer = (status: number, body: unknown) => reply(status, body, headers, { method: request.method });

  const fault = operation && ctx.faults.take(operation.operationId);
  if (fault !== undefined) {
    const response = await injected(ctx, fault, headers);
    if (response) return response;
  }

  // The contract requires `X-RateLimit-Limit` on every answer; without a limit of its own the mock names the
  // service's and leaves out `X-RateLimit-Remaining` (openapi.yaml `components.headers`).
  headers.set('X-RateLimit-Limit', String(SERVICE_RATE_LIMIT));
  if (ctx.rateLimiter) {
    const nowMs = ctx.clock.now().getTime();
    const limit = ctx.rateLimiter.consume(nowMs);
    headers.set('X-RateLimit-Limit', String(limit.limit));
    headers.set('X-RateLimit-Remaining', String(limit.remaining));
    if (limit.limited) {
      headers.set('Retry-After', String(Math.ceil(limit.msBeforeReset / 1000)));
      headers.set('X-RateLimit-Reset', String(Math.ceil((nowMs + limit.msBeforeReset) / 1000)));
      return answer(429, { message: 'Too Many Attempts.' });
    }
  }

  const grant = authenticate(ctx, request);
  if (!grant) {
    headers.set('WWW-Authenticate', 'Bearer');
    return answer(401, { message: 'Unauthenticated.' });
  }
  if (operation && !grant.abilities.includes(operation.ability)) {
    return answer(403, { message: `This token lacks the ${operation.ability} ability.` });
  }

  let body: unknown;
  if (BODY_METHODS.has(request.method)) {
    const read = await readJsonBody(request);
    if (!read.ok) return answer(read.status, { message: read.message });
    body = read.body;
  }

  const url = new URL(request.url);
  const apiRoot = apiRootOf(ctx, request);
  const relative = url.pathname.slice(new URL(apiRoot).pathname.length);
  if (!operation) {
    const known = PATH_PATTERNS.find((p) => p.pattern.test(relative));
    if (!known) return answer(404, { message: 'Not found.' });
    headers.set('Allow', allowHeader(allowedMethods(known.path)));
    return answer(405, { message: 'Method not allowed.' });
  }

  let prospectId = '';
  if (operation.hasProspectId) {
    const segment = PATH_PATTERNS.find((p) => p.path === operation.path)?.pattern.exec(relative)?.[1] ?? '';
    prospectId = safeDecode(segment);
    if (ctx.db.prospects.workspaceOf(prospectId) !== grant.workspaceId) {
      return answer(404, { message: 'Prospect not found.' });
    }
  }

  const validation = validateRequest(operation.operationId, queryOf(url), body);
  if (!validation.ok) return answer(422, toValidationBody(validation.issues));
  // Then, as the server's rejectNul: U+0000 anywhere in `search` or the body, which a database cannot store.
  const nul = nulIssues(validation.query.search, body);
  if (nul.length > 0) return answer(422, toValidationBody(nul));

  const result = OPERATIONS[operation.operationId]({
    ctx,
    workspaceId: grant.workspaceId,
    prospectId,
    query: validation.query,
    body,
    apiRoot,
  });
  if ('issues' in result) return answer(422, toValidationBody(result.issues));
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, value);
  return answer(result.status, result.body);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
