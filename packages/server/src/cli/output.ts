/**
 * Characters that must never reach a terminal as they are: C0 controls (ESC starts the sequences that retitle a
 * window or clear the screen), DEL, C1 controls (U+009B is a one-character CSI), and the bidirectional controls
 * that reorder what is shown (U+202E makes `exe.png` look like `gnp.exe`; Unicode TR 9).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
const TERMINAL_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The same, but line breaks kept: for text the CLI composed of several lines. */
const TERMINAL_CONTROLS_BUT_NEWLINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Characters JSON.stringify leaves as they are, but a terminal would act on. */
const JSON_RAW_CONTROLS = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const visible = (c: string): string => {
  const code = c.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
};

/**
 * A value from input (a CSV header, a name, a URL, a relay's answer) made safe to print on one terminal line:
 * every control character, line breaks included, is written out as `\xHH` or `\uHHHH`, so it is seen, not obeyed.
 *
 * @param value text that came from outside
 * @returns the text with {@link TERMINAL_CONTROLS} escaped; printable text is unchanged
 * @example
 * printable('Notes\u001b]0;pwned\u0007'); // 'Notes\\x1b]0;pwned\\x07'
 */
export function printable(value: string): string {
  return value.replace(TERMINAL_CONTROLS, visible);
}

/** {@link printable} for text of several lines: line breaks stay, every other control is escaped. */
export function printableLines(text: string): string {
  return text.replace(TERMINAL_CONTROLS_BUT_NEWLINE, visible);
}

/**
 * JSON for a terminal or a pipe: `JSON.stringify` escapes C0 controls itself; DEL, C1 and bidi controls are
 * written as `\uHHHH` escapes too, which parse back to the same string.
 */
export function printableJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    JSON_RAW_CONTROLS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Prints a command's result on stdout: `value` as indented JSON with `--json`, else the text for people. Both go
 * through the escaping above, so nothing that came from input acts on the terminal.
 *
 * @param json whether `--json` was given
 */
export function output(json: boolean, value: unknown, text: string): void {
  console.log(json ? printableJson(value) : printableLines(text));
}

/** Prints a line for people on stderr (progress, notes, errors), escaped as {@link printableLines}. */
export function note(text: string): void {
  console.error(printableLines(text));
}
