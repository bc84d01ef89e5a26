import { signWebhook, verifyWebhook } from '@prospectkit/webhooks';
import { describe, expect, it } from 'vitest';
import { signAttempt } from './sign-attempt.js';

describe('signAttempt', () => {
  it.each([
    ['whk_0123456789abcdefghijABCDEFGHIJKL', '{"id":"evt_1","event":"prospect.created"}', 1_732_240_000],
    ['whk_x', '', 0],
    ['whk_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4', '{"company":"Zürich Ärzte 東京 🚀"}', 1_795_000_000],
  ])(
    'signs exactly as @prospectkit/webhooks signWebhook does (%s)',
    async (secret, body, timestampSeconds) => {
      const headers = signAttempt(secret, body, timestampSeconds);
      expect(headers).toEqual(await signWebhook({ secret, body, timestampSeconds }));
    },
  );

  it('verifies with verifyWebhook at its own time', async () => {
    const body = JSON.stringify({
      id: 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
      event: 'conversation.assigned',
      workspace_id: 'ws_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
      occurred_at: '2026-11-22T10:00:00.000Z',
      data: { prospect_id: 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR', assignee_id: null },
    });
    const headers = {
      'Service-Event-ID': 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
      'Service-Event': 'conversation.assigned',
      ...signAttempt('whk_secret', body, 1_795_000_000),
    };
    await expect(
      verifyWebhook({ body, headers, secret: 'whk_secret', nowSeconds: 1_795_000_100 }),
    ).resolves.toEqual(JSON.parse(body));
  });
});
