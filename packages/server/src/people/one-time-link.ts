import { createHash, randomBytes } from 'node:crypto';

/** How long an invitation link works: 7 days, in ms. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a password-reset link works: 1 hour, in ms. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * A new one-time link token: 32 random bytes, base64url (43 characters). Only {@link hashLinkToken} of it is
 * stored; the token itself goes into the link, once, and never into a log.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** The stored form of a link token: its SHA-256, hex (the token has 256 random bits, so no salt or stretching). */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(`one-time-link:${token}`).digest('hex');
}

/** Whether a path segment has the shape of a link token (so other input is refused before any lookup). */
export const isLinkToken = (value: string) => /^[\w-]{43}$/.test(value);

/**
 * The address of a link page: `/invitations/<token>` or `/password-reset/<token>` on the app's origin.
 *
 * @param origin the public origin (`PROSPECTKIT_PUBLIC_URL`) or the request's, without a trailing slash
 */
export function linkUrl(origin: string, purpose: 'invitation' | 'password_reset', token: string): string {
  return `${origin}/${purpose === 'invitation' ? 'invitations' : 'password-reset'}/${token}`;
}
