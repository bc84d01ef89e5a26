import { describe, expect, it } from 'vitest';
import { type CryptoProvider, verifyWebhook, WebhookVerificationError } from '../src/index.js';
import { bodyAndSecretCases } from './body-and-secret-cases.js';
import { headerCases } from './header-cases.js';
import { knownAnswerSuite } from './known-answer-suite.js';
import { tamperPropertySuite } from './tamper-property-suite.js';
import {
  buildRequestFixture,
  clockAt,
  EVENT_ID,
  NOW,
  OTHER_SECRET,
  outcomeOf,
  SECRET,
} from './verify-suite-fixtures.js';

/**
 * The whole verification suite, run once per {@link CryptoProvider} so that both crypto paths keep every rule.
 */
export function verifyWebhookSuite(cryptoProvider: CryptoProvider): void {
  knownAnswerSuite(cryptoProvider);

  describe('the table of requests', async () => {
    const fixture = await buildRequestFixture(cryptoProvider);
    const { event } = fixture;
    const table = [...headerCases(fixture), ...bodyAndSecretCases(fixture)];

    it.each(table)('%s', async (_name, { given, want }) => {
      const options = await given();
      expect(await outcomeOf(options)).toBe(want);
    });

    it('never puts a secret or the body in an error message', async () => {
      for (const [, { given, want }] of table) {
        if (want === 'ok' || want === 'RangeError') continue;
        const options = await given();
        const error = await verifyWebhook(options).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(WebhookVerificationError);
        const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
        for (const secret of [SECRET, OTHER_SECRET, SECRET.slice(4), OTHER_SECRET.slice(4)])
          expect(text).not.toContain(secret);
        expect(text).not.toContain(event.data.company);
        expect(text).not.toContain(EVENT_ID.slice(4));
        expect((error as Error).cause).toBeUndefined();
      }
    });
  });

  describe('the clock', async () => {
    const { base } = await buildRequestFixture(cryptoProvider);
    const { clock: _clock, ...withoutClock } = base;

    it('is read once per verification', async () => {
      let reads = 0;
      const clock = {
        now: () => {
          reads++;
          return new Date(NOW * 1000);
        },
      };
      expect(await outcomeOf({ ...base, clock })).toBe('ok');
      expect(reads).toBe(1);
    });

    it.each([
      ['an invalid Date', { now: () => new Date(Number.NaN) }],
      ['a number instead of a Date', { now: () => (NOW * 1000) as unknown as Date }],
    ])('that gives %s fails with a TypeError rather than skipping the window', async (_name, clock) => {
      expect(await outcomeOf({ ...base, clock })).toBe('TypeError');
    });

    it('still takes the deprecated nowSeconds when no clock is given', async () => {
      expect(await outcomeOf({ ...withoutClock, nowSeconds: NOW + 300 })).toBe('ok');
      expect(await outcomeOf({ ...withoutClock, nowSeconds: NOW + 301 })).toBe('timestamp_outside_tolerance');
    });

    it('prefers clock to the deprecated nowSeconds when both are given', async () => {
      expect(await outcomeOf({ ...base, clock: clockAt(NOW), nowSeconds: NOW + 301 })).toBe('ok');
    });
  });

  tamperPropertySuite(cryptoProvider);
}
