import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { Clock } from '../../clock.js';

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.regenerate((error) => (error ? reject(error) : resolve())),
  );
const save = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));

/**
 * Starts a signed-in session for a person, under a new session id (against session fixation): the row is keyed
 * by the person, with a random handle, the browser's `User-Agent` and the client address for their account page.
 */
export async function startSession(req: Request, personId: string, clock: Clock): Promise<void> {
  await regenerate(req);
  req.session.signedIn = true;
  req.session.personId = personId;
  req.session.handle = randomBytes(12).toString('base64url');
  req.session.userAgent = String(req.get('user-agent') ?? '').slice(0, 300);
  if (req.ip) req.session.ip = req.ip;
  req.session.signedInAtMs = clock.now().getTime();
  await save(req);
}

/** Remembers that the password was right and the second factor is awaited (a new session id, not signed in). */
export async function startSecondFactor(req: Request, personId: string, clock: Clock): Promise<void> {
  await regenerate(req);
  req.session.pendingSecondFactor = { personId, sinceMs: clock.now().getTime() };
  await save(req);
}
