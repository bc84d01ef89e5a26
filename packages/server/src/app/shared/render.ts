import type { Request, Response } from 'express';
import type { Member } from '../../store/members.js';
import type { Person } from '../../store/people.js';
import type { Workspace } from '../../store/workspaces.js';
import { csrfToken } from './csrf.js';
import type { SafeHtml } from './html.js';
import { layout, type Section } from './layout.js';
import type { Flash } from './session.js';

/** A page's own part: its title, body and navigation section. */
export interface Page {
  title: string;
  body: SafeHtml;
  section?: Section;
  /** More of `<head>` (see `PageInput.head`). */
  head?: SafeHtml;
}

/** Takes the one-time message left by the previous step (it is shown once). */
export function takeFlash(req: Request): Flash | undefined {
  const flash = req.session?.flash;
  if (flash) delete req.session.flash;
  return flash;
}

/**
 * Leaves a one-time message for the next page and redirects there (303) once the session is saved.
 * express-session would otherwise save it while the response is already on its way: a browser follows the
 * redirect as soon as it has the headers, and the next page could load the session without the message.
 */
export async function redirectWithFlash(
  req: Request,
  res: Response,
  url: string,
  flash: Flash,
): Promise<void> {
  req.session.flash = flash;
  await new Promise<void>((resolve, reject) =>
    req.session.save((error) => (error ? reject(error) : resolve())),
  );
  res.redirect(303, url);
}

/**
 * The CSRF token of a signed-in session (made on first use), or `''` before sign-in: making one would store a
 * session for every visitor (the sign-in form has its own token, see `signInCsrf`).
 */
export function csrfOf(req: Request): string {
  return req.session?.signedIn ? csrfToken(req) : '';
}

/**
 * Sends a settings page in the layout, with the session's CSRF token for its forms, the current workspace
 * (set by the workspace loader) and the one-time message, if any.
 */
export function render(
  req: Request,
  res: Response,
  page: Page,
  options: { status?: number; flash?: Flash } = {},
): void {
  const workspace = res.locals.workspace as Workspace | undefined;
  const member = res.locals.member as Member | undefined;
  const person = res.locals.person as Person | undefined;
  // The workspace's navigation is for its members only: a refused visitor sees no name of it.
  const markup = layout({
    ...page,
    csrf: csrfOf(req),
    signedIn: req.session?.signedIn === true,
    ...(workspace && member ? { workspace, role: member.role } : {}),
    personLabel: person ? person.name || person.email : undefined,
    flash: options.flash?.text,
    flashTone: options.flash?.tone,
  });
  res
    .status(options.status ?? 200)
    .type('html')
    .send(markup.value);
}
