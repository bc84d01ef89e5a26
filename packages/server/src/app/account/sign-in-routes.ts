import express, { type Request, type Response, type Router } from 'express';
import { findPersonByEmail, getPersonSecrets, takeTotpStep } from '../../store/people.js';
import { useRecoveryCode } from '../../store/recovery-codes.js';
import type { AppContext } from '../shared/app-context.js';
import { textOf } from '../shared/form-body.js';
import { messagePage } from '../shared/message-page.js';
import { render } from '../shared/render.js';
import { SESSION_COOKIE } from '../shared/session.js';
import { checkPassword } from './check-password.js';
import { recordSignInFailure } from './sign-in-failure.js';
import { type SignInAttempt, takeAccountAttempt, takeSignInAttempt } from './sign-in-limit.js';
import { secondFactorPage, signInPage } from './sign-in-page.js';
import { startSecondFactor, startSession } from './start-session.js';
import { checkTotp, hashRecoveryCode, looksLikeRecoveryCode } from './totp.js';

/** How long the second step may wait after a right password, in ms: 5 minutes. */
const SECOND_FACTOR_MAX_AGE_MS = 5 * 60 * 1000;
/** The one answer to a wrong address, password or code: it never says which. */
const WRONG = 'That email address and password do not match an account. Check them and try again.';

const destroy = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
const backToSignIn = { href: '/sign-in', label: 'Back to sign-in' };

/** The 429 or 503 page of a refused attempt, or `undefined` to go on. */
function refusal(req: Request, res: Response, attempts: SignInAttempt[]): boolean {
  const limited = attempts.find((a) => a.outcome === 'limited');
  const unavailable = attempts.some((a) => a.outcome === 'unavailable');
  if (unavailable) {
    render(
      req,
      res,
      messagePage(
        'Sign-in unavailable',
        'Sign-in is unavailable for a moment. Try again shortly.',
        backToSignIn,
      ),
      {
        status: 503,
      },
    );
    return true;
  }
  if (limited && limited.outcome === 'limited') {
    res.set('Retry-After', String(limited.retryAfterSeconds));
    render(
      req,
      res,
      messagePage(
        'Too many attempts',
        'Too many failed sign-ins. Wait 15 minutes, then try again.',
        backToSignIn,
      ),
      { status: 429 },
    );
    return true;
  }
  return false;
}

/**
 * `GET /sign-in`, `POST /sign-in`, the second step `GET|POST /sign-in/second-factor` and `POST /sign-out`.
 * Each attempt is counted per client address and per account before anything is checked (10 in 15 minutes
 * each, see `takeSignInAttempt`); the answer to a wrong address, password or code is the same, and takes the
 * same time (see `checkPassword`). A right password of a person with an authenticator app leads to the second
 * step; a TOTP code is accepted once (`takeTotpStep`), a recovery code once. Refusals are in the audit log.
 * Passwords and codes are never logged or echoed.
 *
 * @see docs/architecture.md, "People, roles and the audit log"
 */
export function signInRoutes(ctx: AppContext): Router {
  const router = express.Router();

  const clearCounts = async (req: Request, keys: string[]) => {
    for (const [limiter, key] of [
      [ctx.signInLimiter, keys[0]],
      [ctx.accountSignInLimiter, keys[1]],
    ] as const) {
      if (key === undefined) continue;
      await limiter.delete(key).catch((error: unknown) => {
        ctx.logger.warn({ req_id: req.id, err_name: (error as Error).name }, 'sign-in count not cleared');
      });
    }
  };

  router.get('/sign-in', async (req, res) => {
    if (req.session.signedIn) return res.redirect(303, '/');
    const notice =
      req.query['signed-out'] === '1'
        ? 'You are signed out.'
        : req.query['password-set'] === '1'
          ? 'Your password is set: sign in with it.'
          : undefined;
    const csrf = await ctx.signInCsrf.issue(req, res);
    render(req, res, signInPage({ csrf, ...(notice ? { notice } : {}) }));
  });

  router.post('/sign-in', ctx.signInCsrf.verify, async (req, res) => {
    const email = textOf(req.body, 'email').trim().slice(0, 254);
    const password = textOf(req.body, 'password');
    const byAddress = await takeSignInAttempt(ctx.signInLimiter, req);
    const byAccount = await takeAccountAttempt(ctx.accountSignInLimiter, email);
    if (refusal(req, res, [byAddress, byAccount])) return;
    const person = email ? await findPersonByEmail(ctx.db, email) : undefined;
    if (!(await checkPassword(ctx.db, person, password))) {
      await recordSignInFailure(ctx.db, req, { person, reason: 'password', now: ctx.clock.now() });
      ctx.logger.warn({ req_id: req.id, ip: req.ip }, 'sign-in refused');
      const csrf = await ctx.signInCsrf.issue(req, res);
      return render(req, res, signInPage({ csrf, email, error: WRONG }), { status: 401 });
    }
    const found = person as NonNullable<typeof person>;
    if (found.totp_enabled_at) {
      await startSecondFactor(req, found.id, ctx.clock);
      return res.redirect(303, '/sign-in/second-factor');
    }
    await clearCounts(req, [(byAddress as { key: string }).key, (byAccount as { key: string }).key]);
    ctx.signInCsrf.clear(res);
    await startSession(req, found.id, ctx.clock);
    ctx.logger.info({ req_id: req.id, ip: req.ip, person_id: found.id }, 'sign-in');
    res.redirect(303, '/');
  });

  /** The person awaiting their second factor, if the step is still open. */
  const pending = (req: Request) => {
    const step = req.session.pendingSecondFactor;
    if (!step || ctx.clock.now().getTime() - step.sinceMs > SECOND_FACTOR_MAX_AGE_MS) return undefined;
    return step.personId;
  };

  router.get('/sign-in/second-factor', async (req, res) => {
    if (!pending(req)) return res.redirect(303, '/sign-in');
    render(req, res, secondFactorPage({ csrf: await ctx.signInCsrf.issue(req, res) }));
  });

  router.post('/sign-in/second-factor', ctx.signInCsrf.verify, async (req, res) => {
    const personId = pending(req);
    const person = personId ? await getPersonSecrets(ctx.db, personId) : undefined;
    if (!person?.totp_secret) return res.redirect(303, '/sign-in');
    const totpSecret = person.totp_secret;
    const byAddress = await takeSignInAttempt(ctx.signInLimiter, req);
    const byAccount = await takeAccountAttempt(ctx.accountSignInLimiter, person.email);
    if (refusal(req, res, [byAddress, byAccount])) return;
    const code = textOf(req.body, 'code').slice(0, 40);
    const now = ctx.clock.now();
    let ok = false;
    const step = checkTotp(totpSecret, person.email, code, now);
    if (step !== undefined) ok = await takeTotpStep(ctx.db, person.id, step);
    else if (looksLikeRecoveryCode(code))
      ok = await useRecoveryCode(ctx.db, { personId: person.id, codeHash: hashRecoveryCode(code), now });
    if (!ok) {
      await recordSignInFailure(ctx.db, req, { person, reason: 'code', now });
      return render(
        req,
        res,
        secondFactorPage({
          csrf: await ctx.signInCsrf.issue(req, res),
          error: 'That code is not right, or was used already. Enter the code your app shows now.',
        }),
        { status: 401 },
      );
    }
    await clearCounts(req, [(byAddress as { key: string }).key, (byAccount as { key: string }).key]);
    ctx.signInCsrf.clear(res);
    await startSession(req, person.id, ctx.clock);
    ctx.logger.info({ req_id: req.id, ip: req.ip, person_id: person.id }, 'sign-in with a second factor');
    res.redirect(303, '/');
  });

  router.post('/sign-out', async (req, res) => {
    await destroy(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect(303, '/sign-in?signed-out=1');
  });

  return router;
}

/** The paths whose forms carry the signed double-submit token of `signInCsrf` rather than the session's. */
export const SIGN_IN_FORM_PATHS = /^\/(sign-in(\/.*)?|invitations\/[^/]+|password-reset(\/[^/]+)?)$/;
