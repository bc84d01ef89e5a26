import type {
  ListProspectsQuery,
  OutcomeResult,
  Prospect,
  ProspectCreate,
  ProspectList as ProspectPage,
  ProspectUpdate,
  paths,
  RecordOutcomeRequest,
} from '@prospectkit/core';
import type { Client } from 'openapi-fetch';
import { errorFromResponse } from './error-from-response.js';
import { type PagePromise, pagePromise } from './page-promise.js';

/** Per-call options of the resource methods. */
export interface RequestOptions {
  /** Aborts the call, including any wait before a retry; the call then throws `AbortError`. */
  signal?: AbortSignal;
  /** Extra headers for this call, e.g. `{ 'X-Request-Id': 'import-42' }`. */
  headers?: Record<string, string>;
}

/**
 * The prospect operations as methods that return the data and throw a typed `ProspectKitError` subclass on any
 * status outside 200-299. Retries and timeouts are applied underneath (see `createClient`).
 *
 * Every method throws: `AuthenticationError` (401), `PermissionDeniedError` (403), `RateLimitError` (429, after
 * retries), `ServerError` (5xx), `ConnectionError`, `TimeoutError`, `AbortError`; and the ones listed per method.
 */
export interface ProspectsResource {
  /**
   * Lists prospects, newest first unless `sort` says otherwise: `await` it for one page, or `for await` over it
   * for every prospect of every page. The iteration starts from the page `list` asked for, then follows the
   * `cursor` of `links.next` with `count=none`, so each further page costs what the first did and counts nothing.
   *
   * @param query - `search` (word prefixes of company, domain, contact name or email, without regard to case or
   *   accents), the filters `tag` (a list: every one), `owner_id` and `outcome` (or `'none'`), `created_after`,
   *   `created_before` (RFC 3339), the custom fields by key (`custom_fields` equal, `custom_fields_gte` and
   *   `custom_fields_lte` ranges of number and date fields, values as strings), `sort` (default `'newest'`),
   *   `count` (default `'none'`; `'capped'` or `'exact'` to count `meta.total` when filtering), `page` (from 1,
   *   default 1), `per_page` (1-100, default 25). Default: `{}`.
   * @returns A {@link PagePromise}: the page (`data`, `links`, `meta`), async-iterable over prospects, with `pages()`.
   * @throws {ValidationError} 422: `page` or `per_page` out of range, an unknown `sort`, a `cursor` this list did
   *   not give, or a custom field filter the workspace's fields refuse.
   * @example
   * for await (const prospect of client.prospects.list({ search: 'acme' })) console.log(prospect.company);
   * @see openapi.yaml operationId `listProspects`
   */
  list(query?: ListProspectsQuery, options?: RequestOptions): PagePromise<ProspectPage>;
  /**
   * Gets one prospect.
   *
   * @param id - The prospect's id, `prs_` plus a ULID.
   * @throws {NotFoundError} 404: no such prospect in the token's workspace.
   * @example
   * const prospect = await client.prospects.get('prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR');
   * @see openapi.yaml operationId `getProspect`
   */
  get(id: string, options?: RequestOptions): Promise<Prospect>;
  /**
   * Creates a prospect. Sent once: a POST is never retried after it may have reached the server (a 429 is).
   *
   * @param body - `company` is required; every other field is optional and may be `null`.
   * @returns The created prospect.
   * @throws {ValidationError} 422: a field failed validation or is unknown; see `errors`.
   * @throws {BadRequestError} 400, 413 or 415: the body was not valid JSON, over 1 MiB or not JSON.
   * @example
   * const prospect = await client.prospects.create({ company: 'Acme Ltd', tags: ['emea'] });
   * @see openapi.yaml operationId `createProspect`
   */
  create(body: ProspectCreate, options?: RequestOptions): Promise<Prospect>;
  /**
   * Updates a prospect: only the fields sent change, `tags` replaces the list, `null` clears a field.
   *
   * @param id - The prospect's id.
   * @param patch - The fields to change; `{}` is a valid no-op.
   * @returns The updated prospect.
   * @throws {NotFoundError} 404: no such prospect in the token's workspace.
   * @throws {ValidationError} 422: a field failed validation or is unknown; see `errors`.
   * @example
   * await client.prospects.update(id, { tags: ['emea', 'enterprise'], notes: null });
   * @see openapi.yaml operationId `updateProspect`
   */
  update(id: string, patch: ProspectUpdate, options?: RequestOptions): Promise<Prospect>;
  /**
   * Records a sales outcome, meeting time and opportunity value, merged into the prospect's current outcome.
   * Sent once, like `create`.
   *
   * @param id - The prospect's id.
   * @param body - At least one of `outcome`, `meeting_at` (RFC 3339), `value_minor` (minor units, e.g. cents),
   *   `currency` (ISO 4217); after merging, `value_minor` and `currency` are both set or both `null`.
   * @returns The merged outcome state.
   * @throws {NotFoundError} 404: no such prospect in the token's workspace.
   * @throws {ValidationError} 422: e.g. an empty body, or a value without a currency.
   * @example
   * await client.prospects.recordOutcome(id, { outcome: 'Won', value_minor: 1_250_000, currency: 'EUR' });
   * @see openapi.yaml operationId `recordOutcome`
   */
  recordOutcome(id: string, body: RecordOutcomeRequest, options?: RequestOptions): Promise<OutcomeResult>;
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

async function unwrap<T>(call: Promise<Result<T>>, operation: string): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFromResponse(response, error, operation);
  return data as T;
}

/**
 * Builds the {@link ProspectsResource} over an openapi-fetch client of the contract's paths.
 *
 * @param client - The openapi-fetch client, with the retrying fetch already installed.
 * @returns The resource methods.
 * @example
 * const prospects = createProspectsResource(createFetchClient<paths>({ baseUrl, fetch }));
 */
export function createProspectsResource(client: Client<paths>): ProspectsResource {
  return {
    list: (query = {}, options) =>
      pagePromise((page, cursor) => {
        // The pages after the first follow the cursor of `links.next` and count nothing (openapi.yaml `Count`).
        const { page: _, ...rest } = query;
        const asked = cursor === undefined ? { ...query, page } : { ...rest, cursor, count: 'none' as const };
        return unwrap(client.GET('/prospects', { params: { query: asked }, ...options }), 'GET /prospects');
      }, query.page),
    get: (id, options) =>
      unwrap(client.GET('/prospects/{id}', { params: { path: { id } }, ...options }), 'GET /prospects/{id}'),
    create: (body, options) => unwrap(client.POST('/prospects', { body, ...options }), 'POST /prospects'),
    update: (id, patch, options) =>
      unwrap(
        client.PATCH('/prospects/{id}', { params: { path: { id } }, body: patch, ...options }),
        'PATCH /prospects/{id}',
      ),
    recordOutcome: (id, body, options) =>
      unwrap(
        client.POST('/prospects/{id}/outcomes', { params: { path: { id } }, body, ...options }),
        'POST /prospects/{id}/outcomes',
      ),
  };
}
