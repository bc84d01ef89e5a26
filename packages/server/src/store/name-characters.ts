/**
 * Characters a name may not hold: control characters (C0, CR and LF included, DEL and C1: `\p{Cc}`), which break
 * log lines, terminal output and mail headers, and the bidirectional controls that make a name read differently
 * from what it is (U+202E turns `Smith` into `htimS`; Unicode TR 9 and TR 36 list them).
 */
const FORBIDDEN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** What {@link nameCharacterProblem} answers, for a form beside its field and for the CLI. */
export const NAME_CHARACTERS_MESSAGE = 'Remove control characters from the name.';

/**
 * The one rule for the characters of a name people give (a workspace, a token, a teammate), shared by the
 * settings pages, the CLI and the store's checks.
 *
 * @param name the name as typed
 * @returns {@link NAME_CHARACTERS_MESSAGE} when it holds a control or bidi control character, else `undefined`
 * @example
 * nameCharacterProblem('Acme\r\nBcc: x'); // 'Remove control characters from the name.'
 * nameCharacterProblem('Acme Ltd'); // undefined
 */
export function nameCharacterProblem(name: string): string | undefined {
  return FORBIDDEN.test(name) ? NAME_CHARACTERS_MESSAGE : undefined;
}
