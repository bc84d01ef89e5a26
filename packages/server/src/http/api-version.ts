import { API_VERSION, API_VERSION_HEADER } from '@prospectkit/core';
import type { NextFunction, Request, Response } from 'express';

/**
 * Every answer under `/api/v1` says which version of the contract it follows, in `API-Version` (core's
 * `API_VERSION`: the contract's `info.version`, the server's own version).
 *
 * @see openapi.yaml `components.headers.API-Version`; docs/versioning.md
 */
export function apiVersion(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader(API_VERSION_HEADER, API_VERSION);
  next();
}
