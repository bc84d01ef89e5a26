import { describe, expect, it } from 'vitest';
import { printable, printableJson, printableLines } from './output.js';

describe('printable', () => {
  it.each<[string, { given: string; want: string }]>([
    ['plain text', { given: 'Acme Ltd — São Paulo 東京', want: 'Acme Ltd — São Paulo 東京' }],
    ['an OSC title', { given: '\u001b]0;pwned\u0007', want: '\\x1b]0;pwned\\x07' }],
    ['a CSI clear', { given: '\u001b[2J', want: '\\x1b[2J' }],
    ['a C1 CSI', { given: '\u009b31m', want: '\\x9b31m' }],
    ['DEL', { given: 'a\u007f', want: 'a\\x7f' }],
    ['a bidi override', { given: '\u202egnp.exe', want: '\\u202egnp.exe' }],
    [
      'bidi isolates and marks',
      { given: '\u2066\u2069\u200e\u200f\u061c', want: '\\u2066\\u2069\\u200e\\u200f\\u061c' },
    ],
    ['line breaks and tabs', { given: 'a\nb\r\tc', want: 'a\\x0ab\\x0d\\x09c' }],
  ])('%s', (_name, { given, want }) => {
    expect(printable(given)).toBe(want);
  });

  it('keeps line breaks in text of several lines, and escapes the rest', () => {
    expect(printableLines('one\ntwo\u001b[2J\rthree')).toBe('one\ntwo\\x1b[2J\\x0dthree');
  });

  it('writes JSON that parses back to the same value, with no raw control in it', () => {
    const value = { name: 'x\u001b[2J\u009b\u202e\u007f' };
    const text = printableJson(value);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not appear
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
