import { createClient, NotFoundError, ValidationError } from '@prospectkit/client';

/** Options of {@link runExample}. */
export interface RunExampleOptions {
  /** The API address including `/api/v1`, e.g. `http://localhost:3000/api/v1`. */
  baseUrl: string;
  /** An API token with `prospects:read`, `prospects:write` and `outcomes:write`. */
  token: string;
  /** Where progress lines go. Default: `console.log`. */
  log?: (line: string) => void;
}

/**
 * A tour of `@prospectkit/client`: create a prospect, update it, record a won outcome, page through every matching
 * prospect, and handle the typed errors of a missing prospect and an invalid body.
 *
 * @returns The created prospect's id and how many prospects the search listed.
 * @throws {ProspectKitError} Any failure other than the two errors it provokes on purpose (`@prospectkit/client`).
 */
export async function runExample(options: RunExampleOptions): Promise<{ id: string; listed: number }> {
  const log = options.log ?? console.log;
  const client = createClient({ baseUrl: options.baseUrl, token: options.token, timeoutMs: 10_000 });

  const prospect = await client.prospects.create({
    company: 'Globex Corporation',
    domain: 'globex.example',
    contact_name: 'Hank Scorpio',
    contact_email: 'hank@globex.example',
    tags: ['enterprise'],
  });
  log(`created   ${prospect.id} ${prospect.company}`);

  const updated = await client.prospects.update(prospect.id, {
    tags: ['enterprise', 'emea'],
    notes: 'Met at expo',
  });
  log(`updated   tags=${updated.tags.join(',')}`);

  const outcome = await client.prospects.recordOutcome(prospect.id, {
    outcome: 'Won',
    value_minor: 4_200_000,
    currency: 'USD',
  });
  log(`outcome   ${outcome.outcome} ${(outcome.value_minor ?? 0) / 100} ${outcome.currency}`);

  let listed = 0;
  for await (const p of client.prospects.list({ search: 'globex', per_page: 10 })) {
    listed += 1;
    log(`listed    ${p.id} ${p.company}`);
  }

  try {
    await client.prospects.get('prs_00000000000000000000000000');
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    log(`not found ${error.status} request ${error.requestId}`);
  }

  try {
    await client.prospects.create({ company: '' });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    log(`invalid   ${Object.keys(error.errors).join(', ')}`);
  }

  return { id: prospect.id, listed };
}
