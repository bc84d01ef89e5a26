import { describe, expect, it } from 'vitest';
import { attemptOutcome, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './retry-schedule.js';

const at = new Date('2026-11-22T10:00:00Z');

describe('attemptOutcome', () => {
  it('has five attempts, waiting 1 minute, 5 minutes, 30 minutes and 2 hours', () => {
    expect(RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    expect(MAX_ATTEMPTS).toBe(5);
  });

  it.each([
    ['200', { statusCode: 200, refused: false }, 'succeeded'],
    ['299', { statusCode: 299, refused: false }, 'succeeded'],
    ['a timeout or network error', { statusCode: undefined, refused: false }, 'pending'],
    ['408', { statusCode: 408, refused: false }, 'pending'],
    ['429', { statusCode: 429, refused: false }, 'pending'],
    ['500', { statusCode: 500, refused: false }, 'pending'],
    ['599', { statusCode: 599, refused: false }, 'pending'],
    ['301', { statusCode: 301, refused: false }, 'failed'],
    ['400', { statusCode: 400, refused: false }, 'failed'],
    ['404', { statusCode: 404, refused: false }, 'failed'],
    ['410', { statusCode: 410, refused: false }, 'failed'],
    ['a refused address', { statusCode: undefined, refused: true }, 'failed'],
  ] as const)('%s on attempt 1 is %s', (_name, attempt, status) => {
    const outcome = attemptOutcome(attempt, 1, at);
    expect(outcome.status).toBe(status);
    expect(outcome.nextAttemptAt).toEqual(status === 'pending' ? new Date(at.getTime() + 60_000) : null);
  });

  it.each([
    [1, 60_000],
    [2, 300_000],
    [3, 1_800_000],
    [4, 7_200_000],
  ])('a retried failure of attempt %i waits %i ms', (number, delay) => {
    expect(attemptOutcome({ statusCode: 503, refused: false }, number, at).nextAttemptAt).toEqual(
      new Date(at.getTime() + delay),
    );
  });

  it('fails a retried failure of the fifth attempt: there is no sixth', () => {
    expect(attemptOutcome({ statusCode: 503, refused: false }, 5, at)).toEqual({
      status: 'failed',
      nextAttemptAt: null,
    });
  });
});
