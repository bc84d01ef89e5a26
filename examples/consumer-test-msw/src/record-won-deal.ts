import type { components, ProspectKitClient } from '@prospectkit/client';

type OutcomeResult = components['schemas']['OutcomeResult'];

/** A deal closed in your own system, to be recorded on the prospect it belongs to. */
export interface WonDeal {
  company: string;
  contactEmail?: string | undefined;
  /** The value in the currency's minor unit (cents for USD). */
  valueMinor: number;
  /** ISO 4217, upper case, e.g. `EUR`. */
  currency: string;
}

/** What happened: recorded, refused by validation (the 422 `errors`), or rate limited (wait and retry). */
export type RecordWonDealResult =
  | { status: 'recorded'; prospectId: string; created: boolean; outcome: OutcomeResult }
  | { status: 'invalid'; errors: Record<string, string[]> }
  | { status: 'rate-limited'; retryAfterSeconds: number };

function rateLimited(response: Response): RecordWonDealResult {
  return { status: 'rate-limited', retryAfterSeconds: Number(response.headers.get('Retry-After') ?? 60) };
}

/**
 * Records a won deal: finds the prospect by company name (search, then an exact, case-insensitive match),
 * creates it when there is none, and records the outcome `Won` with the deal's value.
 *
 * @throws {Error} on any answer the function does not handle (401, 403, 5xx)
 */
export async function recordWonDeal(client: ProspectKitClient, deal: WonDeal): Promise<RecordWonDealResult> {
  const found = await client.GET('/prospects', {
    params: { query: { search: deal.company, per_page: 100 } },
  });
  if (found.response.status === 429) return rateLimited(found.response);
  if (!found.data) throw new Error(`Listing prospects failed with ${found.response.status}.`);
  let prospect = found.data.data.find((p) => p.company.toLowerCase() === deal.company.trim().toLowerCase());

  let created = false;
  if (!prospect) {
    const answer = await client.POST('/prospects', {
      body: { company: deal.company, contact_email: deal.contactEmail ?? null },
    });
    if (answer.response.status === 429) return rateLimited(answer.response);
    if (answer.response.status === 422)
      return { status: 'invalid', errors: (answer.error as { errors: Record<string, string[]> }).errors };
    if (!answer.data) throw new Error(`Creating the prospect failed with ${answer.response.status}.`);
    prospect = answer.data;
    created = true;
  }

  const recorded = await client.POST('/prospects/{id}/outcomes', {
    params: { path: { id: prospect.id } },
    body: { outcome: 'Won', value_minor: deal.valueMinor, currency: deal.currency },
  });
  if (recorded.response.status === 429) return rateLimited(recorded.response);
  if (recorded.response.status === 422)
    return { status: 'invalid', errors: (recorded.error as { errors: Record<string, string[]> }).errors };
  if (!recorded.data) throw new Error(`Recording the outcome failed with ${recorded.response.status}.`);
  return { status: 'recorded', prospectId: prospect.id, created, outcome: recorded.data };
}
