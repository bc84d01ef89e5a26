import { WebhookVerificationError } from './webhook-verification-error.js';

/** `whk_` and at least one more visible ASCII character; the service issues `whk_` plus 32 base62 characters. */
const SECRET = /^whk_[\x21-\x7e]+$/;

/**
 * Turns one secret or a list into a non-empty list of `whk_` secrets.
 *
 * @throws {WebhookVerificationError} `invalid_secret` when the list is empty or an entry is not a `whk_` secret
 */
let lastValid: readonly [string] | undefined;

export function normalizeSecrets(secret: string | readonly string[]): readonly string[] {
  // A receiver passes the same secret on every request; checking it once is enough.
  if (lastValid !== undefined && secret === lastValid[0]) return lastValid;
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!Array.isArray(secrets) || secrets.length === 0) {
    throw new WebhookVerificationError(
      'invalid_secret',
      'Pass the webhook signing secret (whk_...) or a non-empty list of them; copy it from Workspace settings, Automation & API.',
    );
  }
  for (let i = 0; i < secrets.length; i++) {
    const entry: unknown = secrets[i];
    if (typeof entry !== 'string' || !SECRET.test(entry)) {
      throw new WebhookVerificationError(
        'invalid_secret',
        `Secret ${i} is not a webhook signing secret: it must be whk_ followed by visible ASCII characters only (no spaces, line breaks or other control characters). Check the environment variable that holds it (a trailing newline is a common cause).`,
      );
    }
  }
  if (typeof secret === 'string') lastValid = [secret];
  return secrets;
}
