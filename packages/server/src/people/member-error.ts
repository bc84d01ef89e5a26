/** Why a change to a workspace's members was refused; `code` is stable across versions. */
export type MemberErrorCode = 'invalid' | 'not_found' | 'already_member' | 'last_owner' | 'not_allowed';

/**
 * A change to members was refused. Its message says what to do; it never carries a link or a secret.
 *
 * @example
 * throw new MemberError('last_owner', 'A workspace keeps at least one owner: make someone else owner first.');
 */
export class MemberError extends Error {
  /** The class name, `'MemberError'`. */
  override readonly name = 'MemberError';
  constructor(
    /** What went wrong, stable across versions. */
    readonly code: MemberErrorCode,
    message: string,
    /** Problems by form field (`name`, `email`, `role`) when `code` is `invalid`. Default: none. */
    readonly issues: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The shortest password a person may choose, in characters: NIST SP 800-63B's minimum for a single factor. */
export const MIN_PASSWORD_LENGTH = 15;
/** The longest, in characters (argon2id takes any length; this bounds the work a stranger can ask for). */
export const MAX_PASSWORD_LENGTH = 1000;

/** What is wrong with a chosen password, or `undefined`. Length is the rule (NIST SP 800-63B), nothing else. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters; a few random words are easy to type and hard to guess.`;
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}
