/**
 * The stable code of every error the client throws; use it (or `instanceof`) rather than parsing messages.
 *
 * | code | class | when |
 * | --- | --- | --- |
 * | `bad_request` | {@link BadRequestError} | 400, 413 or 415: the body was not JSON, over 1 MiB or not `application/json` |
 * | `authentication` | {@link AuthenticationError} | 401 |
 * | `permission_denied` | {@link PermissionDeniedError} | 403 |
 * | `not_found` | {@link NotFoundError} | 404 |
 * | `validation` | {@link ValidationError} | 422 |
 * | `rate_limit` | {@link RateLimitError} | 429 |
 * | `server` | {@link ServerError} | 500-599 |
 * | `http` | {@link ProspectKitError} | any other status outside 200-299 |
 * | `connection` | {@link ConnectionError} | the request could not be sent or the response not read |
 * | `timeout` | {@link TimeoutError} | an attempt took longer than `timeoutMs` |
 * | `aborted` | {@link AbortError} | the caller's `AbortSignal` aborted |
 */
export type ProspectKitErrorCode =
  | 'bad_request'
  | 'authentication'
  | 'permission_denied'
  | 'not_found'
  | 'validation'
  | 'rate_limit'
  | 'server'
  | 'http'
  | 'connection'
  | 'timeout'
  | 'aborted';

/** What an error knows about the failed request; every field is optional. */
export interface ProspectKitErrorOptions {
  /** HTTP status of the response, when there was one. */
  status?: number;
  /** The response's `X-Request-Id`; quote it when you report a problem. */
  requestId?: string;
  /** The parsed response body (`{message}` or `{message, errors}`), or its text when it was not JSON. */
  body?: unknown;
  /** The response headers. */
  headers?: Headers;
  /** The underlying error, e.g. the `TypeError` of a failed `fetch`. */
  cause?: unknown;
}

/**
 * The base class of every error the client throws. Catch it to handle them all.
 *
 * @example
 * try {
 *   await client.prospects.get(id);
 * } catch (error) {
 *   if (error instanceof NotFoundError) return undefined;
 *   if (error instanceof ProspectKitError) console.error(error.code, error.status, error.requestId);
 *   throw error;
 * }
 * @see openapi.yaml `info.description`, section Errors
 */
export class ProspectKitError extends Error {
  /** The class name, `'ProspectKitError'`, as `error.name` and in stack traces. */
  override name = 'ProspectKitError';
  /** Stable code of the error; see {@link ProspectKitErrorCode}. */
  code: ProspectKitErrorCode = 'http';
  /** HTTP status, or `undefined` for connection errors, timeouts and aborts. */
  readonly status: number | undefined;
  /** The response's `X-Request-Id`, or `undefined` when there was no response. */
  readonly requestId: string | undefined;
  /** The parsed response body, or `undefined` when there was no response. */
  readonly body: unknown;
  /** The response headers, or `undefined` when there was no response. */
  readonly headers: Headers | undefined;

  /**
   * @param message - What failed and how to fix it.
   * @param options - The status, request id, body, headers and cause; see {@link ProspectKitErrorOptions}.
   */
  constructor(message: string, options: ProspectKitErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.requestId = options.requestId;
    this.body = options.body;
    this.headers = options.headers;
  }
}

/** 400, 413 or 415: the request body was not valid JSON, was over 1 MiB, or was not sent as `application/json`. */
export class BadRequestError extends ProspectKitError {
  /** The class name, `'BadRequestError'`, as `error.name` and in stack traces. */
  override name = 'BadRequestError';
  override code = 'bad_request' as const;
}

/** 401: the token is missing, malformed, unknown, expired or revoked, or its workspace is suspended. */
export class AuthenticationError extends ProspectKitError {
  /** The class name, `'AuthenticationError'`, as `error.name` and in stack traces. */
  override name = 'AuthenticationError';
  override code = 'authentication' as const;
}

/** 403: the token lacks the ability the operation needs (`prospects:read`, `prospects:write` or `outcomes:write`). */
export class PermissionDeniedError extends ProspectKitError {
  /** The class name, `'PermissionDeniedError'`, as `error.name` and in stack traces. */
  override name = 'PermissionDeniedError';
  override code = 'permission_denied' as const;
}

/** 404: no prospect with that id in the token's workspace (unknown, malformed and other-workspace ids alike). */
export class NotFoundError extends ProspectKitError {
  /** The class name, `'NotFoundError'`, as `error.name` and in stack traces. */
  override name = 'NotFoundError';
  override code = 'not_found' as const;
}

/**
 * 422: a query parameter or the body failed validation.
 *
 * @example
 * catch (error) {
 *   if (error instanceof ValidationError) console.log(error.errors.company); // ['The company field is required.']
 * }
 */
export class ValidationError extends ProspectKitError {
  /** The class name, `'ValidationError'`, as `error.name` and in stack traces. */
  override name = 'ValidationError';
  override code = 'validation' as const;
  /** Each failing field path (dots for nesting, e.g. `tags.3`) to its messages; `{}` if the body had none. */
  readonly errors: Record<string, string[]>;

  constructor(message: string, options: ProspectKitErrorOptions = {}) {
    super(message, options);
    const errors = (options.body as { errors?: unknown } | undefined)?.errors;
    this.errors = errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : {};
  }
}

/** 429: more than 60 requests in a minute from this address, after the client's own retries. */
export class RateLimitError extends ProspectKitError {
  /** The class name, `'RateLimitError'`, as `error.name` and in stack traces. */
  override name = 'RateLimitError';
  override code = 'rate_limit' as const;
  /** Seconds the server asked to wait (`Retry-After`, rounded up), or `undefined` when it did not say. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options: ProspectKitErrorOptions & { retryAfterSeconds?: number } = {}) {
    super(message, options);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** 500-599: the server failed. Quote {@link ProspectKitError.requestId} when you report it. */
export class ServerError extends ProspectKitError {
  /** The class name, `'ServerError'`, as `error.name` and in stack traces. */
  override name = 'ServerError';
  override code = 'server' as const;
}

/** The request could not be sent or its response not read: DNS, refused or reset connection, TLS. */
export class ConnectionError extends ProspectKitError {
  /** The class name, `'ConnectionError'`, as `error.name` and in stack traces. */
  override name = 'ConnectionError';
  override code = 'connection' as const;
}

/** One attempt took longer than `timeoutMs` (connecting, waiting and reading the body all count). */
export class TimeoutError extends ProspectKitError {
  /** The class name, `'TimeoutError'`, as `error.name` and in stack traces. */
  override name = 'TimeoutError';
  override code = 'timeout' as const;
}

/** The caller's `AbortSignal` aborted the request or the wait before a retry; `cause` is the signal's reason. */
export class AbortError extends ProspectKitError {
  /** The class name, `'AbortError'`, as `error.name` and in stack traces. */
  override name = 'AbortError';
  override code = 'aborted' as const;
}
