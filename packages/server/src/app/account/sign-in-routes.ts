import express, { type Request, type Router } from 'express';
import type { AppContext } from '../shared/app-context.js';
import { textOf } from '../shared/form-body.js';
import { messagePage } from '../shared/message-page.js';
import { render } from '../shared/render.js';
import { SESSION_COOKIE } from '../shared/session.js';
import { adminPasswordSource, checkAdminPassword } from './admin-password.js';
import { takeSignInAttempt } from './sign-in-limit.js';
import { signInPage } from './sign-in-page.js';

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.regenerate((error) => (error ? reject(error) : resolve())),
  );
const save = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
const backToSignIn = { href: '/sign-in', label: 'Back to sign-in' };
const destroy = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));

/**
 * `GET /sign-in`, `POST /sign-in` and `POST /sign-out`. A good password starts a
 * new session (a new id, against session fixation). Each attempt is counted per client address before its
 * password is checked (see `takeSignInAttempt`), and answered 429 past 10 in 15 minutes. The password is never
 * logged or echoed.
 */
export function signInRoutes(ctx: AppContext): Router {
  const router = express.Router();

  router.get('/sign-in', async (req, res) => {
    if (req.session.signedIn) return res.redirect(303, '/');
    const source = await adminPasswordSource(ctx.db, ctx.adminPassword);
    const notice = req.query['signed-out'] === '1' ? 'You are signed out.' : undefined;
    const csrf = await ctx.signInCsrf.issue(req, res);
    render(req, res, signInPage({ csrf, source, ...(notice ? { notice } : {}) }));
  });

  router.post('/sign-in', ctx.signInCsrf.verify, async (req, res) => {
    const attempt = await takeSignInAttempt(ctx.signInLimiter, req);
    if (attempt.outcome === 'unavailable') {
      ctx.logger.warn({ req_id: req.id }, 'settings sign-in refused: the sign-in limit store failed');
      return render(
        req,
        res,
        messagePage(
          'Sign-in unavailable',
          'Sign-in cannot be checked right now. Wait a minute, then try again.',
          backToSignIn,
        ),
        { status: 503 },
      );
    }
    if (attempt.outcome === 'limited') {
      res.set('Retry-After', String(attempt.retryAfterSeconds));
      return render(
        req,
        res,
        messagePage(
          'Too many attempts',
          'Too many failed sign-ins from this address. Wait 15 minutes, then try again.',
          backToSignIn,
        ),
        { status: 429 },
      );
    }
    const result = await checkAdminPassword(ctx.db, textOf(req.body, 'password'), {
      configured: ctx.adminPassword,
    });
    if (!result.ok) {
      ctx.logger.warn({ req_id: req.id, ip: req.ip }, 'settings sign-in refused');
      return render(
        req,
        res,
        signInPage({
          csrf: await ctx.signInCsrf.issue(req, res),
          source: result.source,
          error: 'That password is not right. Check it and try again.',
        }),
        { status: 401 },
      );
    }
    await ctx.signInLimiter.delete(attempt.key).catch((error: unknown) => {
      ctx.logger.warn(
        { req_id: req.id, err_name: (error as Error).name },
        'settings sign-in count not cleared',
      );
    });
    ctx.signInCsrf.clear(res);
    await regenerate(req);
    req.session.signedIn = true;
    req.session.signedInAtMs = ctx.clock.now().getTime();
    req.session.passwordStamp = await ctx.passwordStamp();
    await save(req);
    ctx.logger.info({ req_id: req.id, ip: req.ip }, 'settings sign-in');
    res.redirect(303, '/');
  });

  router.post('/sign-out', async (req, res) => {
    await destroy(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect(303, '/sign-in?signed-out=1');
  });

  return router;
}
