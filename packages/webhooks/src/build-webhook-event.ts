import type { WebhookEventOf, WebhookEventType } from '@prospectkit/core';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID: 10 characters of milliseconds, then 16 random ones (Crockford base 32). */
function ulid(nowMs: number): string {
  let time = '';
  for (let rest = nowMs, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  let random = '';
  for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(16))) random += CROCKFORD[byte % 32];
  return time + random;
}

const PROSPECT_ID = 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR';

/** Sample `data` per kind, type-checked against the contract so that a contract change shows here. */
const SAMPLE_DATA: { [T in WebhookEventType]: WebhookEventOf<T>['data'] } = {
  'prospect.created': { prospect_id: PROSPECT_ID, company: 'Acme Inc.', contact_email: 'jane@acme.example' },
  'inbox.reply.received': {
    prospect_id: PROSPECT_ID,
    company: 'Acme Inc.',
    contact_email: 'jane@acme.example',
  },
  'conversation.assigned': { prospect_id: PROSPECT_ID, assignee_id: 'usr_42' },
  'prospect.outcome.updated': {
    prospect_id: PROSPECT_ID,
    outcome: 'Meeting booked',
    meeting_at: '2026-12-01T15:00:00.000Z',
    value_minor: 250000,
    currency: 'EUR',
  },
  'opportunity.updated': {
    prospect_id: PROSPECT_ID,
    outcome: 'Meeting booked',
    meeting_at: '2026-12-01T15:00:00.000Z',
    value_minor: 250000,
    currency: 'EUR',
  },
  'meeting.booked': {
    prospect_id: PROSPECT_ID,
    outcome: 'Meeting booked',
    meeting_at: '2026-12-01T15:00:00.000Z',
    value_minor: 250000,
    currency: 'EUR',
  },
  'opportunity.won': {
    prospect_id: PROSPECT_ID,
    outcome: 'Won',
    meeting_at: '2026-12-01T15:00:00.000Z',
    value_minor: 250000,
    currency: 'EUR',
  },
};

/** Fields of an event envelope to set in {@link buildWebhookEvent}; `data` is merged over the sample data. */
export interface WebhookEventOverrides<T extends WebhookEventType> {
  /** Default: `evt_` plus a fresh ULID. */
  id?: string;
  /** Default: `ws_01JD3Z6X8Y9ABCDEFGHJKMNPQR`. */
  workspace_id?: string;
  /** RFC 3339 UTC with milliseconds. Default: now. */
  occurred_at?: string;
  /** Fields merged over the sample data of this kind. */
  data?: Partial<WebhookEventOf<T>['data']>;
}

/**
 * Builds a typed event envelope of one kind with plausible sample data, for tests of your receiver.
 *
 * @param type - the event kind, e.g. `'prospect.created'`
 * @param overrides - envelope fields to set; `data` is merged over the sample data (default: none)
 * @returns a new envelope; each call gets a fresh `evt_` id unless `overrides.id` is set
 * @example
 * const event = buildWebhookEvent('opportunity.won', { data: { value_minor: 990000, currency: 'USD' } });
 * @see {@link buildSignedWebhook} to sign it; openapi.yaml `webhooks`
 */
export function buildWebhookEvent<T extends WebhookEventType>(
  type: T,
  overrides: WebhookEventOverrides<T> = {},
): WebhookEventOf<T> {
  const nowMs = Date.now();
  return {
    id: overrides.id ?? `evt_${ulid(nowMs)}`,
    event: type,
    workspace_id: overrides.workspace_id ?? 'ws_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
    occurred_at: overrides.occurred_at ?? new Date(nowMs).toISOString(),
    data: { ...SAMPLE_DATA[type], ...overrides.data },
  } as WebhookEventOf<T>;
}
