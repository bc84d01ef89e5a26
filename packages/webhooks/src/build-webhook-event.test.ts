import type { WebhookEventType } from '@prospectkit/core';
import { describe, expect, it } from 'vitest';
import { buildWebhookEvent } from './build-webhook-event.js';

const KINDS: WebhookEventType[] = [
  'prospect.created',
  'inbox.reply.received',
  'conversation.assigned',
  'prospect.outcome.updated',
  'opportunity.updated',
  'meeting.booked',
  'opportunity.won',
];

describe('buildWebhookEvent', () => {
  it.each(KINDS)('builds a %s envelope in the contract shape', (kind) => {
    const event = buildWebhookEvent(kind);
    expect(event.event).toBe(kind);
    expect(event.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(event.workspace_id).toMatch(/^ws_/);
    expect(event.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(event.data.prospect_id).toMatch(/^prs_/);
  });

  it('gives each event a fresh id, a ULID whose time part is now', () => {
    const ids = Array.from({ length: 50 }, () => buildWebhookEvent('prospect.created').id);
    expect(new Set(ids).size).toBe(50);
    const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    let ms = 0;
    for (const char of (ids[0] as string).slice(4, 14)) ms = ms * 32 + crockford.indexOf(char);
    expect(Math.abs(ms - Date.now())).toBeLessThan(5_000);
  });

  it('merges data over the sample and sets envelope fields', () => {
    const event = buildWebhookEvent('opportunity.won', {
      id: 'evt_fixed',
      occurred_at: '2026-01-01T00:00:00.000Z',
      data: { value_minor: 990000, currency: 'USD' },
    });
    expect(event).toMatchObject({
      id: 'evt_fixed',
      occurred_at: '2026-01-01T00:00:00.000Z',
      data: { outcome: 'Won', value_minor: 990000, currency: 'USD' },
    });
  });
});
