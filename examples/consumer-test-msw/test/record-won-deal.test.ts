import { createClient } from '@prospectkit/client';
import { buildProspect, createProspectKitMock } from '@prospectkit/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordWonDeal } from '../src/record-won-deal.js';

const baseUrl = 'http://prospectkit.test/api/v1';
const mock = createProspectKitMock({ baseUrl });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

// Created after server.listen(), so the client's fetch is the one msw intercepts.
const client = () => createClient({ baseUrl, token: 'test-token' });
const deal = {
  company: 'Acme Ltd',
  contactEmail: 'ada@acme.example',
  valueMinor: 1_250_000,
  currency: 'EUR',
};

describe('recordWonDeal', () => {
  it('creates the prospect when the search finds none, then records Won', async () => {
    const result = await recordWonDeal(client(), deal);

    expect(result).toMatchObject({ status: 'recorded', created: true });
    expect(mock.db.prospects.list()).toEqual([
      expect.objectContaining({
        company: 'Acme Ltd',
        contact_email: 'ada@acme.example',
        outcome: expect.objectContaining({ outcome: 'Won', value_minor: 1_250_000, currency: 'EUR' }),
      }),
    ]);
    expect(mock.events.map((e) => e.event)).toEqual([
      'prospect.created',
      'prospect.outcome.updated',
      'opportunity.updated',
      'opportunity.won',
    ]);
  });

  it('records on the prospect the search finds, matching the company exactly', async () => {
    const existing = mock.db.prospects.insert(buildProspect({ company: 'ACME LTD' }));
    mock.db.prospects.insert(buildProspect({ company: 'Acme Ltd Holdings' }));

    const result = await recordWonDeal(client(), deal);

    expect(result).toMatchObject({ status: 'recorded', created: false, prospectId: existing.id });
    expect(mock.events.map((e) => e.event)).not.toContain('prospect.created');
  });

  it('returns the 422 errors when the deal is invalid, and records nothing', async () => {
    const result = await recordWonDeal(client(), { ...deal, currency: 'eur' });

    expect(result).toEqual({
      status: 'invalid',
      errors: { currency: ['The currency field format is invalid.'] },
    });
    expect(mock.db.outcomes.list()).toEqual([]);
  });

  it('returns the 422 errors of the prospect too', async () => {
    const result = await recordWonDeal(client(), { ...deal, contactEmail: 'not-an-email' });

    expect(result).toEqual({
      status: 'invalid',
      errors: { contact_email: ['The contact_email field must be a valid email address.'] },
    });
  });

  it('reports a 429 with its Retry-After, and creates nothing', async () => {
    mock.failNext('createProspect', { status: 429, retryAfterSeconds: 120 });

    const result = await recordWonDeal(client(), deal);

    expect(result).toEqual({ status: 'rate-limited', retryAfterSeconds: 120 });
    expect(mock.db.prospects.list()).toEqual([]);
  });

  it('throws on a server error', async () => {
    mock.failNext('recordOutcome', 500);

    await expect(recordWonDeal(client(), deal)).rejects.toThrow('Recording the outcome failed with 500.');
  });
});
