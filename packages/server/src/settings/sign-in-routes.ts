import express, { type Request, type Router } from 'express';
import rateLimiterFlexible from 'rate-limiter-flexible';
import { adminPasswordSource, checkAdminPassword } from './admin-password.js';
import { textOf } from './forms/form-body.js';
import { csrfOf, render } from './render.js';
import { SESSION_COOKIE } from './session.js';
import type { SettingsContext } from './settings-context.js';
import { messagePage } from './views/message-page.js';
import { signInPage } from './views/sign-in-page.js';

const { RateLimiterMemory } = rateLimiterFlexible;

/** Failed sign-ins allowed per client address in {@link FAILURE_WINDOW_SECONDS}. */
export const MAX_SIGN_IN_FAILURES = 10;
/** The window of {@link MAX_SIGN_IN_FAILURES}, in seconds: 15 minutes. */
export const FAILURE_WINDOW_SECONDS = 15 * 60;

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.regenerate((error) => (error ? reject(error) : resolve())),
  );
const save = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
const destroy = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));

/**
 * `GET /settings/sign-in`, `POST /settings/sign-in` and `POST /settings/sign-out`. A good password starts a
 * new session (a new id, against session fixation); failures are counted per client address and answered
 * 429 after {@link MAX_SIGN_IN_FAILURES} in 15 minutes. The password is never logged or echoed.
 */
export function signInRoutes(ctx: SettingsContext): Router {
  const router = express.Router();
  const failures = new RateLimiterMemory({ points: MAX_SIGN_IN_FAILURES, duration: FAILURE_WINDOW_SECONDS });

  router.get('/sign-in', async (req, res) => {
    if (req.session.signedIn) return res.redirect(303, '/settings');
    const source = await adminPasswordSource(ctx.db, ctx.adminPassword);
    const notice = req.query['signed-out'] === '1' ? 'You are signed out.' : undefined;
    render(req, res, signInPage({ csrf: csrfOf(req), source, ...(notice ? { notice } : {}) }));
  });

  router.post('/sign-in', async (req, res) => {
    const key = req.ip ?? 'unknown';
    const seen = await failures.get(key);
    if (seen && seen.consumedPoints >= MAX_SIGN_IN_FAILURES) {
      res.set('Retry-After', String(Math.ceil(seen.msBeforeNext / 1000)));
      return render(
        req,
        res,
        messagePage(
          'Too many attempts',
          'Too many failed sign-ins from this address. Wait 15 minutes, then try again.',
          {
            href: '/settings/sign-in',
            label: 'Back to sign-in',
          },
        ),
        { status: 429 },
      );
    }
    const result = await checkAdminPassword(ctx.db, textOf(req.body, 'password'), {
      configured: ctx.adminPassword,
    });
    if (!result.ok) {
      await failures.penalty(key, 1);
      ctx.logger.warn({ req_id: req.id, ip: req.ip }, 'settings sign-in refused');
      return render(
        req,
        res,
        signInPage({
          csrf: csrfOf(req),
          source: result.source,
          error: 'That password is not right. Check it and try again.',
        }),
        { status: 401 },
      );
    }
    await failures.delete(key);
    await regenerate(req);
    req.session.signedIn = true;
    await save(req);
    ctx.logger.info({ req_id: req.id, ip: req.ip }, 'settings sign-in');
    res.redirect(303, '/settings');
  });

  router.post('/sign-out', async (req, res) => {
    await destroy(req);
    res.clearCookie(SESSION_COOKIE, { path: '/settings' });
    res.redirect(303, '/settings/sign-in?signed-out=1');
  });

  return router;
}
