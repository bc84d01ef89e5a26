// The client against a running reference server (PK_BASE_URL and PK_TOKEN from the runner), in any runtime.
import { expect } from './report.mjs';

/** Creates a prospect, reads it back, and finds it by paging through a search. */
export async function callsServer(client, { baseUrl, token, runtime }) {
  const api = client.createClient({ baseUrl, token, maxRetries: 0, timeoutMs: 15_000 });
  const company = `Runtimes ${runtime} ${Date.now()}`;
  const created = await api.prospects.create({ company, contact_email: 'ada@example.com' });
  expect(created.id.startsWith('prs_'), `id ${created.id}`);
  const read = await api.prospects.get(created.id);
  expect(read.company === company, `read back ${read.company}`);
  let found = false;
  for await (const prospect of api.prospects.list({ search: company })) found ||= prospect.id === created.id;
  expect(found, 'the new prospect was not listed');
  try {
    await api.prospects.get('prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR');
    throw new Error('a missing prospect did not throw');
  } catch (error) {
    expect(error instanceof client.NotFoundError, `missing prospect threw ${error}`);
  }
  return created.id;
}
