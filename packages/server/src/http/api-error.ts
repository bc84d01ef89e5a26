import type { ValidationBody } from '@prospectkit/core';

/** An error answered with the contract's error body. Handlers throw it; the error handler writes it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: { message: string } | ValidationBody = { message },
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthenticated = () =>
  new ApiError(401, 'Unauthenticated.', undefined, { 'WWW-Authenticate': 'Bearer' });
export const notFound = (what = 'Prospect') => new ApiError(404, `${what} not found.`);
export const validationFailed = (body: ValidationBody) => new ApiError(422, body.message, body);
