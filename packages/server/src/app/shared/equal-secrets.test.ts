import { describe, expect, it } from 'vitest';
import { equalSecrets } from './equal-secrets.js';

describe('equalSecrets', () => {
  it.each([
    ['equal', 'abc', 'abc', true],
    ['different', 'abc', 'abd', false],
    ['different lengths', 'abc', 'abcd', false],
    ['empty and not', '', 'a', false],
    ['non-ASCII', 'päss', 'päss', true],
  ] as const)('%s', (_name, a, b, want) => {
    expect(equalSecrets(a, b)).toBe(want);
  });
});
