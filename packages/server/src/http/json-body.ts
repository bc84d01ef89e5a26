import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiError } from './api-error.js';

/** Largest accepted body: 1 MiB. @see openapi.yaml `info.description` (Media) */
export const MAX_BODY_BYTES = 1024 * 1024;

const parse = express.json({ limit: MAX_BODY_BYTES, strict: false, type: () => true });

/**
 * Check 4 of the contract's order: a body-carrying request must be `application/json` (415), at most 1 MiB
 * (413), and valid JSON (400).
 */
export function jsonBody(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'POST' && req.method !== 'PATCH' && req.method !== 'PUT') {
    next();
    return;
  }
  const type = req.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    next(new ApiError(415, 'The request body must be sent as application/json.'));
    return;
  }
  parse(req, res, (error?: unknown) => {
    if (!error) return next();
    const kind = (error as { type?: string }).type;
    if (kind === 'entity.too.large') return next(new ApiError(413, 'The request body is larger than 1 MiB.'));
    if (kind === 'charset.unsupported' || kind === 'encoding.unsupported') {
      return next(new ApiError(415, 'The request body must be UTF-8 encoded application/json.'));
    }
    next(new ApiError(400, 'The request body is not valid JSON.'));
  });
}
