import express, { type Request, type Response } from 'express';
import { ApiError } from './api-error.js';

/** Largest accepted body: 1 MiB. @see openapi.yaml `info.description` (Media) */
export const MAX_BODY_BYTES = 1024 * 1024;

const parse = express.json({ limit: MAX_BODY_BYTES, strict: false, type: () => true });

/**
 * The `media` step of the contract's order of checks: a body-carrying request must be `application/json`
 * (415), at most 1 MiB (413), and valid JSON (400); the parsed body is left in `req.body`.
 *
 * @returns the error to answer, or `undefined` to go on
 */
export function jsonBody(req: Request, res: Response): Promise<ApiError | undefined> | undefined {
  if (req.method !== 'POST' && req.method !== 'PATCH' && req.method !== 'PUT') return undefined;
  const type = req.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return Promise.resolve(new ApiError(415, 'The request body must be sent as application/json.'));
  }
  return new Promise((resolve) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return resolve(undefined);
      const kind = (error as { type?: string }).type;
      if (kind === 'entity.too.large')
        return resolve(new ApiError(413, 'The request body is larger than 1 MiB.'));
      if (kind === 'charset.unsupported' || kind === 'encoding.unsupported') {
        return resolve(new ApiError(415, 'The request body must be UTF-8 encoded application/json.'));
      }
      resolve(new ApiError(400, 'The request body is not valid JSON.'));
    });
  });
}
