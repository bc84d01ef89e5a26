import { randomFillSync } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ulid } from 'ulidx';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id, also sent as `X-Request-Id`. */
    id: string;
  }
}

const CLIENT_ID = /^[\x21-\x7e]{1,128}$/;

// ulidx's default source asks the OS for one byte per character (16 calls per id); request ids draw from a pool
// refilled 4 KiB at a time instead. `byte / 256` keeps each base32 character uniform.
const pool = Buffer.alloc(4096);
let used = pool.length;
const pooledRandom = () => {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return (pool[used++] as number) / 256;
};

/** Every response carries `X-Request-Id`: the client's, when it is 1-128 visible ASCII characters, else a new one. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const sent = req.get('x-request-id');
  const id = sent && CLIENT_ID.test(sent) ? sent : `req_${ulid(undefined, pooledRandom)}`;
  req.id = id;
  res.setHeader('X-Request-Id', id);
  next();
}
