import { describe, expect, it } from 'vitest';
import { normalizeSecrets } from './normalize-secrets.js';

const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';

describe('normalizeSecrets', () => {
  it.each([
    ['one secret', { given: SECRET, want: [SECRET] }],
    ['a list', { given: [SECRET, 'whk_old'], want: [SECRET, 'whk_old'] }],
  ])('accepts %s', (_name, { given, want }) => {
    expect(normalizeSecrets(given)).toEqual(want);
  });

  it.each([
    ['an empty string', ''],
    ['only the prefix', 'whk_'],
    ['another prefix', 'sk_live_abc'],
    ['upper-case prefix', 'WHK_abc'],
    ['a trailing newline', `${SECRET}\n`],
    ['a trailing space', `${SECRET} `],
    ['an inner space', 'whk_abc def'],
    ['non-ASCII', 'whk_abcé'],
    ['an empty list', []],
    ['a list with a bad entry', [SECRET, 'abc']],
    ['a non-string', 42],
  ])('refuses %s as invalid_secret, without echoing it', (_name, given) => {
    expect(() => normalizeSecrets(given as string)).toThrow(
      expect.objectContaining({ code: 'invalid_secret' }),
    );
    try {
      normalizeSecrets(given as string);
    } catch (error) {
      if (typeof given === 'string' && given.length > 4)
        expect((error as Error).message).not.toContain(given.slice(4));
    }
  });
});
