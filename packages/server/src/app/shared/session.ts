import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Sql } from '../../db/database.js';
import { ensureSessionSecret } from '../../store/settings-admin.js';
import { DatabaseSessionStore } from './session-store.js';

/** A one-time message shown on the next page, after a redirect. */
export interface Flash {
  text: string;
  /** `warning` for an outcome that is not a success (a reply kept unsent): shown amber, not green. */
  tone?: 'warning';
  /** Show this webhook's signing secrets on the next page (after creating it or rolling its secret). */
  revealWebhookId?: string;
}

declare module 'express-session' {
  interface SessionData {
    /** Set once a person signed in (every factor accepted; the session id is regenerated then). */
    signedIn?: boolean;
    /** Who signed in (`psn_...`): the session row is keyed by it, so their sessions can be listed and ended. */
    personId?: string;
    /** The session's public handle on the account page (random, never the session id). */
    handle?: string;
    /** The browser's `User-Agent` at sign-in, cut to 300 characters; and the latest client address. */
    userAgent?: string;
    ip?: string;
    /** When sign-in finished, in Unix ms; the session ends `SESSION_MAX_AGE_MS` later. */
    signedInAtMs?: number;
    /**
     * The password was right and the second factor is awaited: who, and since when (Unix ms). Not signed in
     * yet: no page but the second step opens.
     */
    pendingSecondFactor?: { personId: string; sinceMs: number };
    /** A WebAuthn challenge in progress (sign-in or adding a passkey), base64url, with when it was made. */
    webauthnChallenge?: { challenge: string; sinceMs: number; purpose: 'sign-in' | 'register' };
    /** A TOTP secret being set up on the account page, confirmed by its first code. */
    totpEnrolment?: string;
    flash?: Flash;
  }
}

/** The settings session cookie's name. */
export const SESSION_COOKIE = 'prospectkit_settings';
/** How long a signed-in session lasts without a request, in ms: 8 hours. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;

/**
 * The secret that signs the session cookie, made on first use and kept in the database (`settings_admin`), so
 * every instance and every restart accepts the same cookies.
 */
export async function sessionSecret(db: Sql): Promise<string> {
  return ensureSessionSecret(db, randomBytes(32).toString('base64url'));
}

/**
 * Loads {@link sessionSecret} once and keeps it; a failed load is tried again on the next call.
 *
 * @returns a function resolving to the secret
 */
export function sessionSecretLoader(db: Sql): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= sessionSecret(db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}

/**
 * `express-session` for the settings area: a server-side session in the database (see
 * {@link DatabaseSessionStore}) behind an HTTP-only, `SameSite=Lax` cookie scoped to `/` (the app's pages live at the root: docs/architecture.md, "The app's URLs"), marked
 * `Secure` always when `options.secure` (an https public origin), else whenever the request came over https
 * (`secure: 'auto'`, which follows Express's `trust proxy`).
 * The idle timeout rolls with each request. The cookie secret is loaded from the database on first use.
 */
export function appSession(
  db: Sql,
  secret: () => Promise<string>,
  options: { secure: boolean },
): RequestHandler {
  let handler: Promise<RequestHandler> | undefined;
  return (req, res, next) => {
    handler ??= secret().then((secret) =>
      session({
        name: SESSION_COOKIE,
        secret,
        store: new DatabaseSessionStore(db),
        resave: false,
        saveUninitialized: false,
        rolling: true,
        unset: 'destroy',
        cookie: {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          // express-session sends a Secure cookie only on a request it sees as https (see `trust proxy`), and none
          // at all otherwise: never the cookie without Secure.
          secure: options.secure ? true : 'auto',
          maxAge: SESSION_IDLE_MS,
        },
      }),
    );
    handler.then(
      (h) => h(req, res, next),
      (error: unknown) => {
        handler = undefined;
        next(error);
      },
    );
  };
}
