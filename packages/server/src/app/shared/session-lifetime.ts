import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../../clock.js';
import type { Sql } from '../../db/database.js';
import { getPerson, type Person } from '../../store/people.js';

/** How long a session lasts after its sign-in, in ms, however busy it is: 12 hours. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** The signed-in person (set by {@link requireCurrentSession}). */
export const currentPerson = (res: Response) => res.locals.person as Person;

/**
 * Lets a request on only with a current signed-in session: signed in less than {@link SESSION_MAX_AGE_MS} ago, of
 * a person who still exists. A session ended elsewhere (a changed password, "sign out everywhere", a removed
 * member: their rows are deleted) is simply not found by the store. Any other session is ended; the request goes
 * to the sign-in page. The idle timeout is express-session's cookie `maxAge`. The person is put in
 * `res.locals.person`, and the session's client address kept up to date for the account page.
 */
export function requireCurrentSession(options: { db: Sql; clock: Clock }) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const { signedIn, signedInAtMs, personId } = req.session;
    if (signedIn && personId) {
      // A negative age is an instance whose clock is a little behind the one that signed in, not a reason to end it.
      const ageMs = options.clock.now().getTime() - (signedInAtMs ?? Number.NEGATIVE_INFINITY);
      const person = ageMs < SESSION_MAX_AGE_MS ? await getPerson(options.db, personId) : undefined;
      if (person) {
        res.locals.person = person;
        if (req.ip && req.session.ip !== req.ip) req.session.ip = req.ip;
        return next();
      }
    }
    if (signedIn || req.session.pendingSecondFactor) {
      await new Promise<void>((resolve, reject) =>
        req.session.destroy((error) => (error ? reject(error) : resolve())),
      );
    }
    res.redirect(303, '/sign-in');
  };
}
