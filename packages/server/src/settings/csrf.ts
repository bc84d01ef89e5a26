import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';
import { equalSecrets } from './admin-password.js';

/** The hidden form field that carries the CSRF token. */
export const CSRF_FIELD = '_csrf';

/**
 * CSRF protection for every settings form: `csrf-sync`'s synchronizer token pattern, the token kept in the
 * server-side session and sent back in the hidden `_csrf` field of each form. Every method but GET, HEAD and
 * OPTIONS is checked; a missing or wrong token fails with an error whose `code` is `EBADCSRFTOKEN` (403).
 *
 * The library compares the two tokens with `===`; the retriever below compares them in constant time first
 * and hands the library the stored token only on a match.
 */
export const { csrfSynchronisedProtection: csrfProtection, generateToken: csrfToken } = csrfSync({
  size: 32,
  getTokenFromRequest: (req: Request) => {
    const sent: unknown = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
    const stored = req.session.csrfToken;
    return typeof sent === 'string' && typeof stored === 'string' && equalSecrets(sent, stored)
      ? stored
      : undefined;
  },
});

/** Whether an error is `csrf-sync`'s refusal of a form without a valid token. */
export function isCsrfError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EBADCSRFTOKEN';
}
