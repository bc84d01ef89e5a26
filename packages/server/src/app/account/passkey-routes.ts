import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import express, { type Router } from 'express';
import { addPasskey, deletePasskey, listPasskeys } from '../../store/passkeys.js';
import type { AppContext } from '../shared/app-context.js';
import { redirectWithFlash } from '../shared/render.js';
import { currentPerson } from '../shared/session-lifetime.js';
import { relyingParty, takeChallenge } from './webauthn.js';

const save = (req: Express.Request) =>
  new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));

/**
 * Passkeys on the account page: `POST /account/passkeys/options` (a registration challenge, used once, excluding
 * the person's own passkeys), `POST /account/passkeys` (verifies the attestation against the challenge, origin and
 * RP ID, and stores the credential's public key; a credential registered already is refused) and `POST
 * /account/passkeys/:id/delete`. The JSON posts carry the session's CSRF token in `_csrf`.
 */
export function passkeyRoutes(ctx: AppContext): Router {
  const router = express.Router();

  router.post('/account/passkeys/options', async (req, res) => {
    const person = currentPerson(res);
    const { rpID } = relyingParty(req, ctx.publicUrl);
    const existing = await listPasskeys(ctx.db, person.id);
    const options = await generateRegistrationOptions({
      rpName: 'ProspectKit',
      rpID,
      userName: person.email,
      userDisplayName: person.name || person.email,
      userID: new TextEncoder().encode(person.id),
      attestationType: 'none',
      excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports as never })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    req.session.webauthnChallenge = {
      challenge: options.challenge,
      sinceMs: ctx.clock.now().getTime(),
      purpose: 'register',
    };
    await save(req);
    res.json(options);
  });

  router.post('/account/passkeys', async (req, res) => {
    const person = currentPerson(res);
    const now = ctx.clock.now();
    const challenge = takeChallenge(req, 'register', now.getTime());
    const response = (req.body as { response?: RegistrationResponseJSON } | undefined)?.response;
    const refuse = async (message: string) => {
      await save(req);
      res.status(422).json({ message });
    };
    if (!challenge || !response) return refuse('This passkey request expired: try again.');
    const { origin, rpID } = relyingParty(req, ctx.publicUrl);
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
    try {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
      info = result.verified ? result.registrationInfo : undefined;
    } catch {
      info = undefined;
    }
    if (!info) return refuse('The passkey could not be verified: try again.');
    const added = await addPasskey(ctx.db, {
      id: info.credential.id,
      personId: person.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      name: `Passkey added ${now.toISOString().slice(0, 10)}`,
      now,
    });
    if (!added) return refuse('This passkey is registered already.');
    ctx.logger.info({ req_id: req.id, person_id: person.id }, 'account: passkey added');
    req.session.flash = { text: 'Passkey added: you can sign in with it now.' };
    await save(req);
    res.json({ redirect: '/account?added=passkey#passkeys' });
  });

  router.post('/account/passkeys/:passkeyId/delete', async (req, res) => {
    const removed = await deletePasskey(ctx.db, {
      personId: currentPerson(res).id,
      id: String(req.params.passkeyId),
    });
    await redirectWithFlash(req, res, '/account#passkeys', {
      text: removed ? 'Passkey removed.' : 'That passkey was removed already.',
    });
  });

  return router;
}
