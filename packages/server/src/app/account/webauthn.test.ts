import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_MAX_AGE_MS, relyingParty, takeChallenge } from './webauthn.js';

const withChallenge = (purpose: 'sign-in' | 'register', sinceMs: number) =>
  ({ session: { webauthnChallenge: { challenge: 'c1', sinceMs, purpose } } }) as unknown as Request;

describe('WebAuthn challenges', () => {
  it('gives a challenge once: a replayed response meets none', () => {
    const req = withChallenge('sign-in', 1000);
    expect(takeChallenge(req, 'sign-in', 2000)).toBe('c1');
    expect(takeChallenge(req, 'sign-in', 2000)).toBeUndefined();
  });

  it('refuses an expired challenge, and one made for the other step', () => {
    expect(takeChallenge(withChallenge('sign-in', 0), 'sign-in', CHALLENGE_MAX_AGE_MS + 1)).toBeUndefined();
    expect(takeChallenge(withChallenge('register', 0), 'sign-in', 10)).toBeUndefined();
  });

  it('takes the relying party from the public URL, never from the Host header, when one is set', () => {
    const req = { protocol: 'http', get: () => 'evil.example' } as unknown as Request;
    expect(relyingParty(req, 'https://app.example.com')).toEqual({
      origin: 'https://app.example.com',
      rpID: 'app.example.com',
    });
    expect(relyingParty(req, undefined)).toEqual({ origin: 'http://evil.example', rpID: 'evil.example' });
  });
});
