import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { renderSVG } from 'uqr';

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;

const totpOf = (secret: string, email: string) =>
  new OTPAuth.TOTP({
    issuer: 'ProspectKit',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app reads, and the same as an SVG QR code (uqr, no network). */
export function totpEnrolment(secret: string, email: string): { uri: string; qrSvg: string } {
  const uri = totpOf(secret, email).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/**
 * Checks a 6-digit code against a secret at `now`, accepting the step before and after (clock drift).
 *
 * @returns the time step the code belongs to (to record, so it is never accepted twice: `takeTotpStep`), or
 *   `undefined` when it is wrong
 */
export function checkTotp(secret: string, email: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secret, email).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of a secret at a time (tests, and the enrolment page's own check). */
export function totpCode(secret: string, email: string, at: Date): string {
  return totpOf(secret, email).generate({ timestamp: at.getTime() });
}

/** How many recovery codes a person gets. */
export const RECOVERY_CODE_COUNT = 10;

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** New recovery codes, `xxxxx-xxxxx` (50 random bits each), shown once; store only {@link hashRecoveryCode}. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => CROCKFORD[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code: SHA-256 of it, spaces and dashes dropped, lower case. */
export function hashRecoveryCode(code: string): string {
  const normal = code.replace(/[\s-]+/g, '').toLowerCase();
  return createHash('sha256').update(`recovery-code:${normal}`).digest('hex');
}

/** Whether input has a recovery code's shape (10 characters of the alphabet, dashes and spaces aside). */
export const looksLikeRecoveryCode = (code: string) => /^[0-9a-z]{10}$/i.test(code.replace(/[\s-]+/g, ''));
