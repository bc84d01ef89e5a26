import { describe, expect, it } from 'vitest';
import { parseSignatureHeader } from './parse-signature-header.js';

const a = 'ab'.repeat(32);
const b = '0123456789abcdef'.repeat(4);
const bytesOf = (hex: string) =>
  Array.from({ length: 32 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));

describe('parseSignatureHeader', () => {
  it.each([
    ['one entry', { given: `v1=${a}`, want: [a] }],
    ['two, comma', { given: `v1=${a},v1=${b}`, want: [a, b] }],
    ['two, comma and space', { given: `v1=${a}, v1=${b}`, want: [a, b] }],
    ['two, space', { given: `v1=${a} v1=${b}`, want: [a, b] }],
    ['two, tab and newline', { given: `v1=${a}\t\nv1=${b}`, want: [a, b] }],
    ['surrounding space', { given: `  v1=${a}  `, want: [a] }],
    ['a trailing comma', { given: `v1=${a},`, want: [a] }],
  ])('decodes %s', (_name, { given, want }) => {
    expect(parseSignatureHeader(given).map((bytes) => [...bytes])).toEqual(want.map(bytesOf));
  });

  it.each([
    ['uppercase hex', `v1=${a.toUpperCase()}`],
    ['mixed case hex', `v1=${a.slice(0, 63)}F`],
    ['non-hex', `v1=${'z'.repeat(64)}`],
    ['63 characters', `v1=${a.slice(1)}`],
    ['65 characters', `v1=${a}0`],
    ['no scheme', a],
    ['another scheme', `v2=${a}`],
    ['upper-case scheme', `V1=${a}`],
    ['t= entry as Stripe sends', `t=1732240000,v1=${a}`],
    ['non-ASCII', `v1=${a.slice(0, 63)}é`],
    ['full-width digits', `v1=${a.slice(0, 63)}１`],
    ['only separators', ' , '],
    ['one good, one bad', `v1=${a},v1=nope`],
  ])('refuses %s as malformed_header', (_name, given) => {
    expect(() => parseSignatureHeader(given)).toThrow(expect.objectContaining({ code: 'malformed_header' }));
  });
});
