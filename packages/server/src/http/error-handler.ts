import { allowHeader, toValidationBody } from '@prospectkit/core';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { getProspect } from '../store/prospects.js';
import { ApiError, notFound, validationFailed } from './api-error.js';
import { toFieldIssues, type ValidatorErrorItem } from './validation-issues.js';

interface ValidatorError {
  status: number;
  message: string;
  errors?: ValidatorErrorItem[];
  headers?: Record<string, string>;
}

/** Reshapes express-openapi-validator's errors into the contract's bodies. */
function fromValidator(error: ValidatorError): ApiError | undefined {
  if (typeof error.status !== 'number' || !Array.isArray(error.errors)) return undefined;
  if (error.status === 404) return new ApiError(404, 'Not found.');
  if (error.status === 405) {
    const allow = allowHeader((error.headers?.Allow ?? '').split(','));
    return new ApiError(405, 'Method not allowed.', undefined, { Allow: allow });
  }
  if (error.status === 415) return new ApiError(415, 'The request body must be sent as application/json.');
  if (error.status === 400) {
    // A malformed id in the path is just an id that is not there (contract: never 422).
    if (error.errors.some((e) => e.path.startsWith('/path/'))) return notFound();
    return validationFailed(toValidationBody(toFieldIssues(error.errors)));
  }
  return undefined;
}

/**
 * The last middleware: answers every error with the contract's JSON body and never with a stack trace. A 422
 * on a path that names a prospect becomes 404 when the prospect is not in the token's workspace (check 5 comes
 * before check 6). Unexpected errors are logged with the request id and answered 500.
 */
export function errorHandler(db: Database, logger: Logger) {
  return async (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    let answer = error instanceof ApiError ? error : fromValidator(error as ValidatorError);
    if (answer?.status === 422 && req.prospectIdParam !== undefined && req.grant) {
      const found = await getProspect(db, req.grant.workspaceId, req.prospectIdParam).catch(() => undefined);
      if (!found) answer = notFound();
    }
    if (!answer) {
      const status = (error as { status?: number }).status;
      if (status === 500 && (error as ValidatorError).errors) {
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
