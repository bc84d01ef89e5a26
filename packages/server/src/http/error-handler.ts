import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError } from './api-error.js';

/**
 * The last middleware: answers every error with the contract's JSON body and never with a stack trace.
 * Unexpected errors, and answers the response validator finds off the contract, are logged with the request id
 * and answered 500.
 */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    let answer = error instanceof ApiError ? error : undefined;
    if (!answer) {
      const status = (error as { status?: number }).status;
      if (status === 500 && (error as { errors?: unknown }).errors) {
        logger.error({ err: error, req_id: req.id }, 'response does not match the contract');
      } else {
        logger.error({ err: error, req_id: req.id }, 'unexpected error');
      }
      answer = new ApiError(500, 'Server Error.');
    }
    if (res.headersSent) return;
    res.status(answer.status).set(answer.headers).json(answer.body);
  };
}
