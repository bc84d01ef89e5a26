import type { Request } from 'express';

/** How long a WebAuthn challenge stays valid, in ms: 5 minutes (the browser's own timeout is 60 s by default). */
export const CHALLENGE_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * The relying party of passkeys: the app's public origin (`PROSPECTKIT_PUBLIC_URL`), else the request's own, and
 * its host name as the RP ID. A passkey made for one RP ID is refused by any other (WebAuthn Level 3, section
 * 7.2), so a passkey never works on a look-alike site.
 */
export function relyingParty(req: Request, publicUrl: string | undefined): { origin: string; rpID: string } {
  const origin = publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return { origin, rpID: new URL(origin).hostname };
}

/**
 * Takes the session's challenge for `purpose`, once: it is deleted whatever follows, so a replayed response meets
 * no challenge. `undefined` when there is none, it is for the other purpose, or it is older than
 * {@link CHALLENGE_MAX_AGE_MS}.
 */
export function takeChallenge(
  req: Request,
  purpose: 'sign-in' | 'register',
  nowMs: number,
): string | undefined {
  const held = req.session.webauthnChallenge;
  delete req.session.webauthnChallenge;
  if (!held || held.purpose !== purpose || nowMs - held.sinceMs > CHALLENGE_MAX_AGE_MS) return undefined;
  return held.challenge;
}
