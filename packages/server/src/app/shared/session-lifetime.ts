import { createHash, createHmac } from 'node:crypto';
import { type Algorithm, hashRaw } from '@node-rs/argon2';
import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../../clock.js';
import type { Sql } from '../../db/database.js';
import { readAdminPasswordHash } from '../../store/settings-admin.js';

/** How long a session lasts after its sign-in, in ms, however busy it is: 12 hours. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * The stamp of the administrator password in force: sessions record it at sign-in and end when it differs, so
 * a changed `PROSPECTKIT_ADMIN_PASSWORD` ends every session on every instance, old or new, without a list of
 * sessions to revoke. For a configured password the stamp is argon2id of it (computed once per process, salted
 * with the session secret), so a copy of the sessions table is no faster to guess from than a password hash;
 * for the generated password it is an HMAC of its stored hash.
 *
 * @param options.configured `PROSPECTKIT_ADMIN_PASSWORD`, if set
 * @param options.secret loads the session secret
 * @returns a function resolving to the current stamp (base64url)
 */
export function passwordStamp(options: {
  db: Sql;
  configured: string | undefined;
  secret: () => Promise<string>;
}): () => Promise<string> {
  const { configured } = options;
  let fromEnvironment: Promise<string> | undefined;
  return async () => {
    const secret = await options.secret();
    if (configured) {
      fromEnvironment ??= hashRaw(configured, {
        // Algorithm.Argon2id, a `const enum` that `verbatimModuleSyntax` cannot read. OWASP's cost, as for the hash.
        algorithm: 2 as Algorithm,
        memoryCost: 19_456,
        timeCost: 2,
        parallelism: 1,
        outputLen: 32,
        salt: createHash('sha256').update(`admin-password-stamp:${secret}`).digest().subarray(0, 16),
      }).then((raw) => `environment:${raw.toString('base64url')}`);
      return fromEnvironment;
    }
    const hash = (await readAdminPasswordHash(options.db)) ?? '';
    return `generated:${createHmac('sha256', secret).update(hash).digest('base64url')}`;
  };
}

/**
 * Lets a request on only with a current signed-in session: signed in less than {@link SESSION_MAX_AGE_MS} ago
 * and under the password in force (see {@link passwordStamp}). Any other session is ended (its row deleted);
 * the request goes to the sign-in page. The idle timeout is express-session's cookie `maxAge`.
 */
export function requireCurrentSession(options: { clock: Clock; stamp: () => Promise<string> }) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const { signedIn, signedInAtMs, passwordStamp: stamp } = req.session;
    if (signedIn) {
      // A session from before sign-in times were recorded has no `signedInAtMs`, and ends. A negative age is an
      // instance whose clock is a little behind the one that signed in, not a reason to end the session.
      const ageMs = options.clock.now().getTime() - (signedInAtMs ?? Number.NEGATIVE_INFINITY);
      if (ageMs < SESSION_MAX_AGE_MS && stamp === (await options.stamp())) return next();
      await new Promise<void>((resolve, reject) =>
        req.session.destroy((error) => (error ? reject(error) : resolve())),
      );
    }
    res.redirect(303, '/sign-in');
  };
}
