import express, { type Request, type Response, type Router } from 'express';
import { MemberError, passwordProblem } from '../../people/member-error.js';
import { createPasswordReset } from '../../people/password-reset.js';
import { completeOneTimeLink, readOneTimeLink } from '../../people/use-one-time-link.js';
import { MAX_TEAMMATE_NAME_LENGTH } from '../../store/teammates.js';
import type { AppContext } from '../shared/app-context.js';
import { appOrigin } from '../shared/app-origin.js';
import { textOf } from '../shared/form-body.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { messagePage } from '../shared/message-page.js';
import { render } from '../shared/render.js';
import { choosePasswordPage, requestResetPage } from './link-pages.js';
import { takeAccountAttempt, takeSignInAttempt } from './sign-in-limit.js';

const unusable = messagePage(
  'Link not valid',
  'This link has expired or was used already. Ask an admin of your workspace for a new invitation, or ask for a new password-reset link.',
  { href: '/sign-in', label: 'Go to sign-in' },
);

/**
 * The one-time links: `/invitations/:token` (choose a name and password, then sign in) and
 * `/password-reset/:token` (choose a new password; every session ends), and `/password-reset` to ask for a link.
 * Unknown, used and expired links get the same page; tokens never reach a log (the request log records paths
 * without them, see `request-log.ts`). Asking for a reset gets the same answer for every address.
 */
export function linkRoutes(ctx: AppContext): Router {
  const router = express.Router();

  async function choose(
    req: Request,
    res: Response,
    purpose: 'invitation' | 'password_reset',
    errors?: FieldErrors,
  ) {
    const token = String(req.params.token);
    const found = await readOneTimeLink(ctx.db, token, ctx.clock.now());
    if (!found || found.link.purpose !== purpose) return render(req, res, unusable, { status: 404 });
    const [workspace] = found.link.workspace_id
      ? await ctx.db.query<{ name: string }>('select name from workspaces where id = $1', [
          found.link.workspace_id,
        ])
      : [];
    if (purpose === 'invitation' && found.person.has_password) {
      // They have an account already: the invitation added the workspace; it sets nothing.
      return render(
        req,
        res,
        messagePage(
          'You are a member',
          `You are a member of ${workspace?.name ?? 'the workspace'} now: sign in with your password (or passkey) as ${found.person.email} to open it.`,
          { href: '/sign-in', label: 'Go to sign-in' },
        ),
      );
    }
    render(
      req,
      res,
      choosePasswordPage({
        csrf: await ctx.signInCsrf.issue(req, res),
        action: `/${purpose === 'invitation' ? 'invitations' : 'password-reset'}/${token}`,
        purpose,
        email: found.person.email,
        workspaceName: workspace?.name,
        name: textOf(req.body, 'name') || found.person.name,
        ...(errors ? { errors } : {}),
      }),
      errors ? { status: 422 } : {},
    );
  }

  async function complete(req: Request, res: Response, purpose: 'invitation' | 'password_reset') {
    const password = textOf(req.body, 'password');
    const name = textOf(req.body, 'name').trim();
    const errors: FieldErrors = {};
    const problem = passwordProblem(password);
    if (problem) errors.password = problem;
    if (
      purpose === 'invitation' &&
      (name === '' || name.length > MAX_TEAMMATE_NAME_LENGTH || /\p{Cc}/u.test(name))
    )
      errors.name = `Enter your name, 1 to ${MAX_TEAMMATE_NAME_LENGTH} characters.`;
    if (Object.keys(errors).length > 0) return choose(req, res, purpose, errors);
    const done = await completeOneTimeLink(ctx.db, {
      token: String(req.params.token),
      password,
      name: purpose === 'invitation' ? name : undefined,
      now: ctx.clock.now(),
    });
    if (!done || done.link.purpose !== purpose) return render(req, res, unusable, { status: 404 });
    ctx.logger.info({ req_id: req.id, person_id: done.person.id, purpose }, 'one-time link used');
    res.redirect(303, '/sign-in?password-set=1');
  }

  router.get('/invitations/:token', (req, res) => choose(req, res, 'invitation'));
  router.post('/invitations/:token', ctx.signInCsrf.verify, (req, res) => complete(req, res, 'invitation'));
  router.get('/password-reset/:token', (req, res) => choose(req, res, 'password_reset'));
  router.post('/password-reset/:token', ctx.signInCsrf.verify, (req, res) =>
    complete(req, res, 'password_reset'),
  );

  router.get('/password-reset', async (req, res) => {
    render(req, res, requestResetPage({ csrf: await ctx.signInCsrf.issue(req, res) }));
  });

  router.post('/password-reset', ctx.signInCsrf.verify, async (req, res) => {
    const email = textOf(req.body, 'email').trim().slice(0, 254);
    const byAddress = await takeSignInAttempt(ctx.signInLimiter, req);
    const byAccount = await takeAccountAttempt(ctx.accountSignInLimiter, email);
    const relay = ctx.mail.sender.relay !== false;
    if (byAddress.outcome === 'allowed' && byAccount.outcome === 'allowed' && email && relay) {
      await createPasswordReset(ctx.db, {
        email,
        origin: appOrigin(req, ctx.publicUrl),
        now: ctx.clock.now(),
        mail: { sender: ctx.mail.sender, inboundDomain: ctx.mail.inboundDomain },
      }).catch((error: unknown) => {
        if (!(error instanceof MemberError)) throw error;
      });
    }
    // One answer whatever the address, the limits or the relay said: nothing here tells which addresses exist.
    render(
      req,
      res,
      requestResetPage({
        csrf: await ctx.signInCsrf.issue(req, res),
        notice: relay
          ? 'If that address has an account, a link to reset its password is on its way (valid for one hour).'
          : 'This server sends no email. Ask an admin of your workspace for a password-reset link.',
      }),
    );
  });

  return router;
}
