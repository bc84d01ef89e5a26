import type { NextFunction, Request, Response } from 'express';
import { ulid } from 'ulidx';

const CLIENT_ID = /^[\x21-\x7e]{1,128}$/;

/** Every response carries `X-Request-Id`: the client's, when it is 1-128 visible ASCII characters, else a new one. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const sent = req.get('x-request-id');
  const id = sent && CLIENT_ID.test(sent) ? sent : `req_${ulid()}`;
  req.id = id;
  res.setHeader('X-Request-Id', id);
  next();
}
