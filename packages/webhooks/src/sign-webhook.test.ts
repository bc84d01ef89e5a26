import { describe, expect, it } from 'vitest';
import { signWebhook } from './sign-webhook.js';

const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';

describe('signWebhook', () => {
  it('signs string and byte bodies alike, with the current time by default', async () => {
    const before = Math.floor(Date.now() / 1000);
    const fromString = await signWebhook({ secret: SECRET, body: '{"a":"é"}' });
    const fromBytes = await signWebhook({
      secret: SECRET,
      body: new TextEncoder().encode('{"a":"é"}'),
      timestampSeconds: Number(fromString['Service-Timestamp']),
    });
    expect(fromBytes).toEqual(fromString);
    expect(Number(fromString['Service-Timestamp'])).toBeGreaterThanOrEqual(before);
    expect(fromString['Service-Signature']).toMatch(/^v1=[0-9a-f]{64}$/);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 53])('refuses timestampSeconds %s', async (timestampSeconds) => {
    await expect(signWebhook({ secret: SECRET, body: '', timestampSeconds })).rejects.toThrow(RangeError);
  });

  it('refuses a secret without whk_', async () => {
    await expect(signWebhook({ secret: 'abc', body: '' })).rejects.toMatchObject({ code: 'invalid_secret' });
  });
});
