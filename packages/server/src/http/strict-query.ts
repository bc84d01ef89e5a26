import { strictQueryIntegers } from '@prospectkit/core';
import type { NextFunction, Request, Response } from 'express';

/**
 * Before the request validator: the operation's integer query parameters must be decimal digits, which the
 * validator's `Number()` coercion does not check (it reads `0x2`, `1e1`, `+2` and `2.0` as numbers). A value
 * spelled otherwise reaches it as one it refuses with `must be an integer`, beside the query's other errors.
 *
 * @see openapi.yaml `components.parameters.Page`, `components.parameters.PerPage`
 */
export function strictQuery(req: Request, _res: Response, next: NextFunction): void {
  const names = req.route_?.integerQuery ?? [];
  if (names.length > 0) {
    // Express 5 parses `req.query` afresh on every read; an own property is what the validator then reads.
    Object.defineProperty(req, 'query', {
      value: strictQueryIntegers(req.query as Record<string, unknown>, names),
      writable: true,
      configurable: true,
      enumerable: true,
    });
  }
  next();
}
