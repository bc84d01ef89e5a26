import { buildSignedWebhook, buildWebhookEvent, signWebhook, signWebhookSync } from '@prospectkit/webhooks';

const event = buildWebhookEvent('opportunity.won', { data: { value_minor: 990000, currency: 'USD' } });
const delivery = await buildSignedWebhook({ secret: 'whk_test', event }); // { body, headers }, all 4 headers
const response = await fetch('http://localhost:3000/webhooks/prospectkit', { method: 'POST', ...delivery });

// Or just the two signature headers for a body of your own:
const headers = await signWebhook({
  secret: 'whk_test',
  body: JSON.stringify(event),
  timestampSeconds: 1732240000,
});
// { 'Service-Timestamp': '1732240000', 'Service-Signature': 'v1=…' }

// On Node, Bun or Deno, the same without await (node:crypto answers at once), e.g. in a synchronous test helper:
const sameHeaders = signWebhookSync({ secret: 'whk_test', body: JSON.stringify(event), timestampSeconds: 1732240000 });
