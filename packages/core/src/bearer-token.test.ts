import { describe, expect, it } from 'vitest';
import { bearerToken } from './bearer-token.js';

describe('bearerToken', () => {
  it.each<[string, string | null | undefined, string | undefined]>([
    ['Bearer', 'Bearer pkt_abc', 'pkt_abc'],
    ['bearer in lower case', 'bearer pkt_abc', 'pkt_abc'],
    ['BEARER in upper case', 'BEARER pkt_abc', 'pkt_abc'],
    ['no header', undefined, undefined],
    ['a null header', null, undefined],
    ['another scheme', 'Token pkt_abc', undefined],
    ['the scheme alone', 'Bearer', undefined],
    ['two words', 'Bearer pkt_abc extra', undefined],
    ['no space', 'Bearerpkt_abc', undefined],
  ])('%s', (_name, header, want) => {
    expect(bearerToken(header)).toBe(want);
  });
});
