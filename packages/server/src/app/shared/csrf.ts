import { csrfSync } from 'csrf-sync';
import type { NextFunction, Request, Response } from 'express';
import { equalSecrets } from './equal-secrets.js';

/** The hidden form field that carries the CSRF token. */
export const CSRF_FIELD = '_csrf';

/** The session's token when `sent` equals it (compared in constant time), else `undefined`. */
function storedTokenIfSent(req: Request, sent: unknown): string | undefined {
  const stored = req.session.csrfToken;
  return typeof sent === 'string' && typeof stored === 'string' && equalSecrets(sent, stored)
    ? stored
    : undefined;
}

/**
 * `csrf-sync`'s synchronizer token pattern: the token kept in the server-side session and sent back in the
 * hidden `_csrf` field of each form. The library compares the two tokens with `===`; the retriever compares them
 * in constant time first and hands the library the stored token only on a match.
 */
const sync = csrfSync({
  size: 32,
  getTokenFromRequest: (req: Request) =>
    storedTokenIfSent(req, (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD]),
});

export const csrfToken = sync.generateToken;

/** The error of a refused form: `code` `EBADCSRFTOKEN`, status 403. */
export const csrfRefusal: Error = sync.invalidCsrfTokenError;

/**
 * The one form that sends a file, the import page's upload (`POST /workspaces/:id/imports`, multipart): its body
 * is not parsed before the routes, so its token is checked by the upload handler from the form's first field,
 * before any byte of the file is stored (see `receiveImportUpload`). No other path or content type is deferred.
 */
const UPLOAD_PATH = /^\/workspaces\/[^/]+\/imports\/?$/;

/** Whether the request is the import upload, whose token {@link csrfTokenMatches} checks in its handler. */
export function isImportUpload(req: Request): boolean {
  return req.method === 'POST' && UPLOAD_PATH.test(req.path) && req.is('multipart/form-data') !== false;
}

/** Whether `sent` is the session's CSRF token (constant-time), for forms read by their own handler. */
export function csrfTokenMatches(req: Request, sent: string): boolean {
  return storedTokenIfSent(req, sent) !== undefined;
}

/**
 * CSRF protection for every settings form. Every method but GET, HEAD and OPTIONS is checked; a missing or wrong
 * token fails with {@link csrfRefusal}. The import upload alone is checked by its handler (see
 * {@link isImportUpload}).
 */
export function csrfProtection(req: Request, res: Response, next: NextFunction): void {
  if (isImportUpload(req)) next();
  else sync.csrfSynchronisedProtection(req, res, next);
}

/** Whether an error is `csrf-sync`'s refusal of a form without a valid token. */
export function isCsrfError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EBADCSRFTOKEN';
}
