import { createHmac, randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { CSRF_FIELD } from './csrf.js';
import { equalSecrets } from './equal-secrets.js';

/**
 * The cookie that carries the nonce of the forms used before sign-in (sign-in, second step, passkey, invitation,
 * password reset): it holds no session and nothing is stored for it.
 */
export const SIGN_IN_COOKIE = 'prospectkit_form';
/** How long a sign-in form stays valid, in ms: 2 hours. */
export const SIGN_IN_FORM_MAX_AGE_MS = 2 * 60 * 60 * 1000;

const NONCE = /(?:^|;\s*)prospectkit_form=([\w-]{43})(?:;|$)/;

/** The form token of a nonce: an HMAC under the server's secret, so only this server can make a valid pair. */
const tokenOf = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`settings-sign-in:${nonce}`).digest('base64url');

/**
 * CSRF protection of the sign-in form without a session (OWASP's signed double-submit cookie): the page sets a
 * random nonce in an HTTP-only, `SameSite=Strict` cookie and puts its HMAC in the form; the post must bring
 * both. Nothing is stored on the server before a good password, so visitors who never sign in cost no rows.
 *
 * @param options.secret loads the server's session secret (kept in the database)
 * @param options.secure whether the request is served over https, for the cookie's `Secure` flag
 * @see packages/server/README.md, "Signing in"
 */
export function signInCsrf(options: { secret: () => Promise<string>; secure: (req: Request) => boolean }) {
  return {
    /** Sets (or keeps) the nonce cookie and returns the token for the form's hidden field. */
    async issue(req: Request, res: Response): Promise<string> {
      const nonce = NONCE.exec(req.headers.cookie ?? '')?.[1] ?? randomBytes(32).toString('base64url');
      res.cookie(SIGN_IN_COOKIE, nonce, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secure(req),
        maxAge: SIGN_IN_FORM_MAX_AGE_MS,
      });
      return tokenOf(await options.secret(), nonce);
    },
    /** Middleware: passes a post whose token matches its nonce cookie, else fails with `EBADCSRFTOKEN` (403). */
    verify(req: Request, _res: Response, next: NextFunction): void {
      const nonce = NONCE.exec(req.headers.cookie ?? '')?.[1];
      const sent: unknown = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
      options.secret().then((secret) => {
        if (nonce !== undefined && typeof sent === 'string' && equalSecrets(sent, tokenOf(secret, nonce)))
          next();
        else
          next(
            Object.assign(new Error('invalid sign-in form token'), { code: 'EBADCSRFTOKEN', status: 403 }),
          );
      }, next);
    },
    /** Ends the nonce after a good sign-in; the session's own token protects every later form. */
    clear(res: Response): void {
      res.clearCookie(SIGN_IN_COOKIE, { path: '/' });
    },
  };
}

/** The sign-in form's CSRF check, as made by {@link signInCsrf}. */
export type SignInCsrf = ReturnType<typeof signInCsrf>;
