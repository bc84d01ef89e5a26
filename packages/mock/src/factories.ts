import type {
  EventType,
  OutcomeResult,
  Prospect,
  ProspectCreate,
  RecordOutcomeRequest,
  WebhookEventOf,
} from '@prospectkit/core';
import { ID_PREFIXES, type IdKind } from '@prospectkit/core';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 2026-01-01T00:00:00.000Z: the factories' first instant; each built thing is one second later. */
const EPOCH_MS = Date.UTC(2026, 0, 1);

let sequence = 0;

function base32(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = CROCKFORD[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/** The next number of the factories' sequence, its instant, and an id of `kind` made from both. */
function next(kind: IdKind) {
  const n = ++sequence;
  const ms = EPOCH_MS + n * 1000;
  return { n, at: new Date(ms).toISOString(), id: `${ID_PREFIXES[kind]}${base32(ms, 10)}${base32(n, 16)}` };
}

/**
 * Restarts the factories' sequence, so the next `buildProspect()` is `Company 1` again. Call it in `beforeEach`
 * when a test compares built values literally.
 *
 * @example
 * beforeEach(() => resetFactories());
 */
export function resetFactories(): void {
  sequence = 0;
}

/**
 * A contract-valid prospect, the same on every run: the n-th call gives `Company n`, an id and timestamps from
 * a fixed sequence (2026-01-01T00:00:0n.000Z). Use it in `seed` or `db.prospects.insert`.
 *
 * @param overrides fields to set instead, e.g. `{ company: 'Acme Ltd', tags: ['emea'] }`
 * @returns a `Prospect`, every key present
 * @example
 * const mock = createProspectKitMock({ baseUrl, seed: { prospects: [buildProspect({ company: 'Acme Ltd' })] } });
 */
export function buildProspect(overrides: Partial<Prospect> = {}): Prospect {
  const { n, at, id } = next('prospect');
  return {
    id,
    company: `Company ${n}`,
    domain: `company-${n}.example`,
    website: null,
    location: null,
    contact_name: null,
    contact_email: `contact@company-${n}.example`,
    contact_first_name: null,
    contact_last_name: null,
    contact_title: null,
    contact_phone: null,
    contact_profile_url: null,
    city: null,
    region: null,
    country: null,
    custom_fields: {},
    notes: null,
    tags: [],
    owner_id: null,
    outcome: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

/**
 * A valid `createProspect` body: `{ company: 'Company n', domain, contact_email }` plus `overrides`.
 *
 * @returns a `createProspect` body that passes the contract's validation
 * @example await client.POST('/prospects', { body: buildProspectCreate({ tags: ['emea'] }) });
 */
export function buildProspectCreate(overrides: Partial<ProspectCreate> = {}): ProspectCreate {
  const { n } = next('prospect');
  return {
    company: `Company ${n}`,
    domain: `company-${n}.example`,
    contact_email: `contact@company-${n}.example`,
    ...overrides,
  };
}

/**
 * A valid `recordOutcome` body: `{ outcome: 'Interested' }` plus `overrides`.
 *
 * @returns a `recordOutcome` body that passes the contract's validation
 * @example buildOutcomeRequest({ outcome: 'Won', value_minor: 1_250_000, currency: 'EUR' })
 */
export function buildOutcomeRequest(overrides: Partial<RecordOutcomeRequest> = {}): RecordOutcomeRequest {
  return { outcome: 'Interested', ...overrides };
}

/**
 * A `recordOutcome` answer: `Interested`, nothing else set, a fixed `out_` id and `recorded_at`.
 *
 * @returns a `recordOutcome` answer
 * @example buildOutcomeResult({ prospect_id: prospect.id, outcome: 'Won' })
 */
export function buildOutcomeResult(overrides: Partial<OutcomeResult> = {}): OutcomeResult {
  const { at, id } = next('outcome');
  return {
    id,
    prospect_id: next('prospect').id,
    outcome: 'Interested',
    meeting_at: null,
    value_minor: null,
    currency: null,
    recorded_at: at,
    ...overrides,
  };
}

/**
 * An event envelope of any of the seven kinds, including those the API never causes (`inbox.reply.received`,
 * `conversation.assigned`), with a fixed `evt_` id, `occurred_at` and `workspace_id`, and `data` of that kind.
 *
 * @param type the event kind, e.g. `'opportunity.won'`
 * @param overrides fields of the envelope to set instead; `data` replaces the whole data object
 * @returns the envelope of that kind, `data` typed by it
 * @example
 * const request = await signedRequestFor(buildEventEnvelope('conversation.assigned'), secret);
 */
export function buildEventEnvelope<T extends EventType>(
  type: T,
  overrides: Partial<Omit<WebhookEventOf<T>, 'event'>> = {},
): WebhookEventOf<T> {
  const { n, at, id } = next('event');
  const prospectId = `${ID_PREFIXES.prospect}${id.slice(ID_PREFIXES.event.length)}`;
  let data: Record<string, unknown>;
  if (type === 'prospect.created' || type === 'inbox.reply.received') {
    data = {
      prospect_id: prospectId,
      company: `Company ${n}`,
      contact_email: `contact@company-${n}.example`,
    };
  } else if (type === 'conversation.assigned') {
    data = { prospect_id: prospectId, assignee_id: `user_${n}` };
  } else {
    data = {
      prospect_id: prospectId,
      outcome:
        type === 'opportunity.won' ? 'Won' : type === 'meeting.booked' ? 'Meeting booked' : 'Interested',
      meeting_at: type === 'meeting.booked' ? at : null,
      value_minor: null,
      currency: null,
    };
  }
  return {
    id,
    event: type,
    workspace_id: `${ID_PREFIXES.workspace}${base32(EPOCH_MS, 10)}${base32(0, 16)}`,
    occurred_at: at,
    data,
    ...overrides,
  } as WebhookEventOf<T>;
}
