import { createClient, NotFoundError } from '@prospectkit/client';
const client = createClient({ baseUrl: 'http://localhost:3000/api/v1', token: process.env.PK_TOKEN! });
const prospect = await client.prospects.create({ company: 'Acme Ltd', contact_email: 'ada@acme.example' });
await client.prospects.recordOutcome(prospect.id, { outcome: 'Won', value_minor: 125_000, currency: 'EUR' });
for await (const p of client.prospects.list({ search: 'acme' })) console.log(p.id, p.company);
try {
  await client.prospects.get('prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR');
} catch (error) {
  if (!(error instanceof NotFoundError)) throw error; // every failure is a typed ProspectKitError
}
