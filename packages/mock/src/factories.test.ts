import type { EventType } from '@prospectkit/core';
import { contract } from '@prospectkit/core';
import ajv2020 from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildEventEnvelope,
  buildOutcomeRequest,
  buildOutcomeResult,
  buildProspect,
  buildProspectCreate,
  resetFactories,
} from './factories.js';

const ajv = new ajv2020.default({ strict: false, allErrors: true });
ajvFormats.default(ajv, { mode: 'full' });
const { components } = contract as unknown as { components: object };
const schema = (name: string) => ajv.compile({ components, $ref: `#/components/schemas/${name}` });
const valid = (name: string, value: unknown) => {
  const validate = schema(name);
  return validate(value) ? [] : validate.errors;
};

describe('factories', () => {
  beforeEach(() => resetFactories());

  it('build the same values on every run, one step of the sequence per call', () => {
    expect(buildProspect()).toEqual({
      id: 'prs_01KDVDNAZ80000000000000001',
      company: 'Company 1',
      domain: 'company-1.example',
      website: null,
      location: null,
      contact_name: null,
      contact_first_name: null,
      contact_last_name: null,
      contact_title: null,
      contact_phone: null,
      contact_profile_url: null,
      city: null,
      region: null,
      country: null,
      custom_fields: {},
      contact_email: 'contact@company-1.example',
      notes: null,
      tags: [],
      owner_id: null,
      outcome: null,
      created_at: '2026-01-01T00:00:01.000Z',
      updated_at: '2026-01-01T00:00:01.000Z',
    });
    expect(buildProspect({ company: 'Acme Ltd' })).toMatchObject({
      company: 'Acme Ltd',
      created_at: '2026-01-01T00:00:02.000Z',
    });
    resetFactories();
    expect(buildProspect().company).toBe('Company 1');
  });

  it('build ids that sort like their time, as ULIDs do', () => {
    const ids = Array.from({ length: 40 }, () => buildProspect().id);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(40);
  });

  it.each<[string, string, () => unknown]>([
    ['buildProspect', 'Prospect', () => buildProspect({ tags: ['a'] })],
    ['buildProspectCreate', 'ProspectCreate', () => buildProspectCreate()],
    [
      'buildOutcomeRequest',
      'RecordOutcomeRequest',
      () => buildOutcomeRequest({ value_minor: 5, currency: 'EUR' }),
    ],
    ['buildOutcomeResult', 'OutcomeResult', () => buildOutcomeResult()],
  ])('%s builds a valid %s', (_name, schemaName, build) => {
    expect(valid(schemaName, build())).toEqual([]);
  });

  it.each<EventType>([
    'prospect.created',
    'inbox.reply.received',
    'conversation.assigned',
    'prospect.outcome.updated',
    'opportunity.updated',
    'meeting.booked',
    'opportunity.won',
  ])('buildEventEnvelope builds a valid %s envelope', (type) => {
    const event = buildEventEnvelope(type);
    expect(event.event).toBe(type);
    expect(valid('WebhookEvent', event)).toEqual([]);
  });

  it('buildEventEnvelope takes overrides, data whole', () => {
    const event = buildEventEnvelope('conversation.assigned', {
      data: { prospect_id: 'prs_01KDVDNAZ80000000000000001', assignee_id: null },
    });
    expect(event.data).toEqual({ prospect_id: 'prs_01KDVDNAZ80000000000000001', assignee_id: null });
  });
});
