import { parseRetryAfter } from './parse-retry-after.js';
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  ProspectKitError,
  RateLimitError,
  ServerError,
  ValidationError,
} from './prospect-kit-error.js';

type ErrorClass = typeof ProspectKitError;

// Status to [class, how to fix]; the contract's error statuses (openapi.yaml, Errors and Order of checks).
const byStatus: Record<number, [ErrorClass, string]> = {
  400: [BadRequestError, 'Send a valid JSON body.'],
  401: [AuthenticationError, 'Check that the token is complete, unexpired and not revoked.'],
  403: [PermissionDeniedError, 'Use a token with the ability this operation needs.'],
  404: [NotFoundError, 'Check the id; ids of other workspaces are not found either.'],
  413: [BadRequestError, 'Send a body of at most 1 MiB.'],
  415: [BadRequestError, 'Send the body as application/json.'],
  422: [ValidationError, 'See `errors` for each field.'],
  429: [RateLimitError, 'Send at most 60 requests a minute, or raise maxRetryDelayMs.'],
};

/**
 * Turns a response outside 200-299 into the matching {@link ProspectKitError} subclass.
 *
 * @param response - The failed response; its status picks the class and its `X-Request-Id` becomes `requestId`.
 * @param body - The parsed body (`{message}` or `{message, errors}`), as openapi-fetch returns it in `error`.
 * @param operation - What was called, for the message, e.g. `'GET /prospects/{id}'`.
 * @returns The error, not thrown: 400/413/415 {@link BadRequestError}, 401 {@link AuthenticationError}, 403
 *   {@link PermissionDeniedError}, 404 {@link NotFoundError}, 422 {@link ValidationError}, 429
 *   {@link RateLimitError}, 5xx {@link ServerError}, any other a plain {@link ProspectKitError} (code `http`).
 * @example
 * const { data, error, response } = await client.GET('/prospects/{id}', { params: { path: { id } } });
 * if (error !== undefined) throw errorFromResponse(response, error, 'GET /prospects/{id}');
 */
export function errorFromResponse(response: Response, body: unknown, operation: string): ProspectKitError {
  const { status, headers } = response;
  const [ErrorClass, hint] =
    byStatus[status] ?? (status >= 500 ? [ServerError, 'Retry later.'] : [ProspectKitError, '']);
  const serverMessage = (body as { message?: unknown } | undefined)?.message;
  const retryAfterMs = parseRetryAfter(headers.get('Retry-After'), Date.now());
  return new (ErrorClass as typeof RateLimitError)(
    `[ProspectKit] ${operation} failed with ${status}: ${typeof serverMessage === 'string' ? serverMessage : response.statusText} ${hint}`.trim(),
    {
      status,
      body,
      headers,
      requestId: headers.get('X-Request-Id') ?? undefined,
      retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
    },
  );
}
