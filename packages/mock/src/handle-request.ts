import {
  ABILITIES,
  API_VERSION,
  API_VERSION_HEADER,
  allowedMethods,
  allowHeader,
  bearerToken,
  type CheckSteps,
  type ContractOperation,
  createDeprecationNotices,
  matchOperation,
  nulIssues,
  type QueryObject,
  runChecks,
  toValidationBody,
  type ValidationResult,
  validateRequest,
} from '@prospectkit/core';
import { delay } from 'msw';
import { ulid } from 'ulidx';
import type { MockFault } from './fault-queue.js';
import type { MockContext } from './mock-context.js';
import type { TokenGrant } from './mock-database.js';
import { OPERATIONS } from './operations/index.js';
import { SERVICE_RATE_LIMIT } from './rate-limiter.js';
import { readJsonBody } from './read-json-body.js';
import { reply } from './reply.js';

const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;
const deprecationNotices = createDeprecationNotices();
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

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
    return await answerRequest(
      ctx,
      request,
      operation,
      new Headers({ 'X-Request-Id': requestId, [API_VERSION_HEADER]: API_VERSION }),
    );
  } catch (error) {
    // Like the server: a bug answers the contract's 500, never a stack trace. A test that wrote something odd
    // into `db` finds the cause in the console.
    console.error('[@prospectkit/mock] Failed to answer %s %s:', request.method, request.url, error);
    return reply(
      500,
      { message: 'Server Error.' },
      new Headers({ 'X-Request-Id': requestId, [API_VERSION_HEADER]: API_VERSION }),
    );
  }
}

/** One request on its way through the checks; each step fills in what the later ones need. */
interface MockRequest {
  ctx: MockContext;
  request: Request;
  operation: ContractOperation | undefined;
  headers: Headers;
  url: URL;
  apiRoot: string;
  grant?: TokenGrant;
  body?: unknown;
  prospectId: string;
  validation?: ValidationResult & { ok: true };
}

const answer = (state: MockRequest, status: number, body: unknown) =>
  reply(status, body, state.headers, { method: state.request.method });

/** The mock's implementation of each step of the contract's order of checks. */
const MOCK_STEPS: CheckSteps<MockRequest, Response> = {
  rateLimit(state) {
    const { ctx, headers } = state;
    // The contract requires `X-RateLimit-Limit` on every answer; without a limit of its own the mock names the
    // service's and leaves out `X-RateLimit-Remaining` (openapi.yaml `components.headers`).
    headers.set('X-RateLimit-Limit', String(SERVICE_RATE_LIMIT));
    if (!ctx.rateLimiter) return undefined;
    const nowMs = ctx.clock.now().getTime();
    const limit = ctx.rateLimiter.consume(nowMs);
    headers.set('X-RateLimit-Limit', String(limit.limit));
    headers.set('X-RateLimit-Remaining', String(limit.remaining));
    if (!limit.limited) return undefined;
    headers.set('Retry-After', String(Math.ceil(limit.msBeforeReset / 1000)));
    headers.set('X-RateLimit-Reset', String(Math.ceil((nowMs + limit.msBeforeReset) / 1000)));
    return answer(state, 429, { message: 'Too Many Attempts.' });
  },
  authenticate(state) {
    state.grant = authenticate(state.ctx, state.request);
    if (state.grant) return undefined;
    state.headers.set('WWW-Authenticate', 'Bearer');
    return answer(state, 401, { message: 'Unauthenticated.' });
  },
  ability(state) {
    const { operation, grant } = state;
    if (!operation || grant?.abilities.includes(operation.ability)) return undefined;
    return answer(state, 403, { message: `This token lacks the ${operation.ability} ability.` });
  },
  async media(state) {
    if (!BODY_METHODS.has(state.request.method)) return undefined;
    const read = await readJsonBody(state.request);
    if (!read.ok) return answer(state, read.status, { message: read.message });
    state.body = read.body;
    return undefined;
  },
  route(state) {
    if (state.operation) return undefined;
    const relative = state.url.pathname.slice(new URL(state.apiRoot).pathname.length);
    const { path } = matchOperation(state.request.method, relative);
    if (!path) return answer(state, 404, { message: 'Not found.' });
    state.headers.set('Allow', allowHeader(allowedMethods(path)));
    return answer(state, 405, { message: 'Method not allowed.' });
  },
  prospect(state) {
    const { operation, ctx, grant } = state;
    if (!operation?.hasProspectId) return undefined;
    const relative = state.url.pathname.slice(new URL(state.apiRoot).pathname.length);
    // A segment that is not valid percent-encoding names no prospect: `''` is in no workspace.
    state.prospectId = matchOperation(state.request.method, relative).prospectId ?? '';
    if (ctx.db.prospects.workspaceOf(state.prospectId) === grant?.workspaceId) return undefined;
    return answer(state, 404, { message: 'Prospect not found.' });
  },
  validate(state) {
    const operation = state.operation as ContractOperation;
    const validation = validateRequest(operation.operationId, queryOf(state.url), state.body);
    if (!validation.ok) return answer(state, 422, toValidationBody(validation.issues));
    state.validation = validation;
    return undefined;
  },
  nul(state) {
    const nul = nulIssues(state.validation?.query, state.body);
    return nul.length > 0 ? answer(state, 422, toValidationBody(nul)) : undefined;
  },
  operation(state) {
    const { ctx, headers } = state;
    const operation = state.operation as ContractOperation;
    const result = OPERATIONS[operation.operationId]({
      ctx,
      workspaceId: (state.grant as TokenGrant).workspaceId,
      prospectId: state.prospectId,
      query: state.validation?.query ?? {},
      body: state.body,
      apiRoot: state.apiRoot,
    });
    if ('issues' in result) return answer(state, 422, toValidationBody(result.issues));
    for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, value);
    return answer(state, result.status, result.body);
  },
};

async function answerRequest(
  ctx: MockContext,
  request: Request,
  operation: ContractOperation | undefined,
  headers: Headers,
): Promise<Response> {
  const url = new URL(request.url);
  if (operation) {
    // Like the server: Deprecation and Sunset for a deprecated operation or a deprecated parameter sent.
    const notices = deprecationNotices(operation.operationId, {
      query: url.searchParams.keys(),
      hasHeader: (name) => request.headers.has(name),
    });
    for (const [name, value] of Object.entries(notices)) headers.set(name, value);
  }
  const fault = operation && ctx.faults.take(operation.operationId);
  if (fault !== undefined) {
    const response = await injected(ctx, fault, headers);
    if (response) return response;
  }
  const state: MockRequest = {
    ctx,
    request,
    operation,
    headers,
    url,
    apiRoot: apiRootOf(ctx, request),
    prospectId: '',
  };
  return (await runChecks(MOCK_STEPS, state)) as Response;
}
