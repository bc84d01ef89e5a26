import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff-delay.js';

describe('backoffDelay', () => {
  it.each<[string, { retry: number; random: number; want: number }]>([
    ['first retry, no jitter', { retry: 0, random: 0, want: 500 }],
    ['second retry doubles', { retry: 1, random: 0, want: 1_000 }],
    ['fourth retry', { retry: 3, random: 0, want: 4_000 }],
    ['capped at 8 s', { retry: 10, random: 0, want: 8_000 }],
    ['full jitter takes off 25%', { retry: 0, random: 1, want: 375 }],
    ['half jitter', { retry: 3, random: 0.5, want: 3_500 }],
  ])('%s', (_name, { retry, random, want }) => {
    expect(backoffDelay(retry, () => random)).toBe(want);
  });

  it('never goes below 75% of the base', () => {
    for (let i = 0; i < 100; i++) expect(backoffDelay(2, Math.random)).toBeGreaterThanOrEqual(1_500);
  });
});
