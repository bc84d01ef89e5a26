import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import express, { type Router } from 'express';
import { getPasskey, recordPasskeyUse } from '../../store/passkeys.js';
import { getPerson } from '../../store/people.js';
import type { AppContext } from '../shared/app-context.js';
import { recordSignInFailure } from './sign-in-failure.js';
import { takeSignInAttempt } from './sign-in-limit.js';
import { startSession } from './start-session.js';
import { relyingParty, takeChallenge } from './webauthn.js';

const save = (req: Express.Request) =>
  new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));

/**
 * Passkey sign-in, for the page script (`passkeys.js` with @simplewebauthn/browser): `POST
 * /sign-in/passkey/options` makes a challenge (kept in the session, used once) for any of the site's
 * discoverable credentials; `POST /sign-in/passkey` verifies the browser's assertion against the stored public
 * key, the challenge, the origin and the RP ID, and the signature counter (a cloned authenticator's lower count
 * is refused, and of two uses of one assertion only one is recorded). A passkey is a factor of its own (a device
 * and its lock), so it signs in without the TOTP step. Both take the sign-in form's token; answers are JSON.
 *
 * @see docs/architecture.md, "People, roles and the audit log"
 */
export function passkeySignInRoutes(ctx: AppContext): Router {
  const router = express.Router();
  const json = express.json({ limit: '16kb' });

  router.post('/sign-in/passkey/options', json, ctx.signInCsrf.verify, async (req, res) => {
    const { rpID } = relyingParty(req, ctx.publicUrl);
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
    req.session.webauthnChallenge = {
      challenge: options.challenge,
      sinceMs: ctx.clock.now().getTime(),
      purpose: 'sign-in',
    };
    await save(req);
    res.json(options);
  });

  router.post('/sign-in/passkey', json, ctx.signInCsrf.verify, async (req, res) => {
    const attempt = await takeSignInAttempt(ctx.signInLimiter, req);
    if (attempt.outcome !== 'allowed') {
      return res.status(attempt.outcome === 'limited' ? 429 : 503).json({
        message: 'Too many failed sign-ins. Wait 15 minutes, then try again.',
      });
    }
    const now = ctx.clock.now();
    const challenge = takeChallenge(req, 'sign-in', now.getTime());
    const response = (req.body as { response?: AuthenticationResponseJSON } | undefined)?.response;
    const refuse = async (personId: string | undefined) => {
      const person = personId ? await getPerson(ctx.db, personId) : undefined;
      await recordSignInFailure(ctx.db, req, { person, reason: 'passkey', now });
      await save(req);
      res
        .status(401)
        .json({ message: 'That passkey was not accepted. Try again, or sign in with your password.' });
    };
    if (!challenge || typeof response?.id !== 'string') return refuse(undefined);
    const passkey = await getPasskey(ctx.db, response.id);
    if (!passkey) return refuse(undefined);
    const { origin, rpID } = relyingParty(req, ctx.publicUrl);
    let verified = false;
    let newCounter = passkey.counter;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: false,
      });
      verified = result.verified;
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      // A malformed or mismatched response: the library says why, but a stranger's input gets one answer.
      verified = false;
    }
    if (
      !verified ||
      !(await recordPasskeyUse(ctx.db, {
        id: passkey.id,
        previous: passkey.counter,
        counter: newCounter,
        now,
      }))
    ) {
      return refuse(passkey.person_id);
    }
    await attemptClear(ctx, attempt.key);
    ctx.signInCsrf.clear(res);
    await startSession(req, passkey.person_id, ctx.clock);
    ctx.logger.info({ req_id: req.id, ip: req.ip, person_id: passkey.person_id }, 'sign-in with a passkey');
    res.json({ redirect: '/' });
  });

  return router;
}

async function attemptClear(ctx: AppContext, key: string): Promise<void> {
  await ctx.signInLimiter.delete(key).catch(() => undefined);
}
