import express, { type Request, type Response, type Router } from 'express';
import { verifyPasswordHash } from '../../people/password-hash.js';
import { getPersonSecrets, setTotpSecret, takeTotpStep } from '../../store/people.js';
import { deleteRecoveryCodes, replaceRecoveryCodes } from '../../store/recovery-codes.js';
import type { AppContext } from '../shared/app-context.js';
import { textOf } from '../shared/form-body.js';
import { csrfOf, redirectWithFlash, render } from '../shared/render.js';
import { currentPerson } from '../shared/session-lifetime.js';
import { recoveryCodesPage, totpSetupPage } from './account-pages.js';
import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpEnrolment } from './totp.js';

/**
 * Two-step sign-in on the account page: `GET /account/two-factor` shows a new secret (QR code and key, kept in
 * the session until confirmed), `POST` turns it on with the app's first code and shows 10 recovery codes once
 * (stored hashed); new recovery codes and turning it off ask for the password.
 */
export function twoFactorRoutes(ctx: AppContext): Router {
  const router = express.Router();

  async function setup(req: Request, res: Response, error?: string) {
    const person = currentPerson(res);
    req.session.totpEnrolment ??= newTotpSecret();
    const secret = req.session.totpEnrolment;
    const { uri, qrSvg } = totpEnrolment(secret, person.email);
    render(req, res, totpSetupPage({ csrf: csrfOf(req), uri, qrSvg, secret, ...(error ? { error } : {}) }), {
      ...(error ? { status: 422 } : {}),
    });
  }

  async function showCodes(req: Request, res: Response, personId: string) {
    const codes = newRecoveryCodes();
    await ctx.db.transaction((tx) => replaceRecoveryCodes(tx, personId, codes.map(hashRecoveryCode)));
    render(req, res, recoveryCodesPage({ codes }));
  }

  const passwordOk = async (res: Response, given: string) => {
    const secrets = await getPersonSecrets(ctx.db, currentPerson(res).id);
    return secrets?.password_hash ? verifyPasswordHash(given, secrets.password_hash) : false;
  };

  router.get('/account/two-factor', async (req, res) => {
    if (currentPerson(res).totp_enabled_at) return res.redirect(303, '/account#two-step');
    await setup(req, res);
  });

  router.post('/account/two-factor', async (req, res) => {
    const person = currentPerson(res);
    const secret = req.session.totpEnrolment;
    if (person.totp_enabled_at || !secret) return res.redirect(303, '/account#two-step');
    const now = ctx.clock.now();
    const step = checkTotp(secret, person.email, textOf(req.body, 'code'), now);
    if (step === undefined)
      return setup(req, res, 'That code is not right. Enter the code the app shows now.');
    await ctx.db.transaction(async (tx) => {
      await setTotpSecret(tx, person.id, secret, now);
      await takeTotpStep(tx, person.id, step);
    });
    delete req.session.totpEnrolment;
    ctx.logger.info({ req_id: req.id, person_id: person.id }, 'account: two-step sign-in on');
    await showCodes(req, res, person.id);
  });

  router.post('/account/two-factor/recovery-codes', async (req, res) => {
    if (!(await passwordOk(res, textOf(req.body, 'current'))))
      return redirectWithFlash(req, res, '/account#two-step', {
        text: 'New recovery codes need your current password.',
        tone: 'warning',
      });
    await showCodes(req, res, currentPerson(res).id);
  });

  router.post('/account/two-factor/disable', async (req, res) => {
    const person = currentPerson(res);
    if (!(await passwordOk(res, textOf(req.body, 'current'))))
      return redirectWithFlash(req, res, '/account#two-step', {
        text: 'Turning two-step sign-in off needs your current password.',
        tone: 'warning',
      });
    await ctx.db.transaction(async (tx) => {
      await setTotpSecret(tx, person.id, null, ctx.clock.now());
      await deleteRecoveryCodes(tx, person.id);
    });
    ctx.logger.info({ req_id: req.id, person_id: person.id }, 'account: two-step sign-in off');
    await redirectWithFlash(req, res, '/account#two-step', { text: 'Two-step sign-in is off.' });
  });

  return router;
}
