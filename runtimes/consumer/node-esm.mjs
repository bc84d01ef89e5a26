// The Node suite, ESM side: import every entry, call the reference server, verify webhooks with both crypto
// providers, serve them with the Express and fetch adapters, and run the mock under msw/node with the client.
// Run by each Node version from the consumer project; PK_BASE_URL, PK_TOKEN and PK_RUNTIME come from the runner.
import { createServer } from 'node:http';
import { callsServer } from './client-checks.mjs';
import { check, done, expect, expectExports, SECRET } from './report.mjs';
import { receiverAnswers, rejectsForged, verifiesSigned } from './webhook-checks.mjs';

const entries = (await import('./entries.json', { with: { type: 'json' } })).default;
const modules = {};
for (const entry of entries) {
  await check(entry.pkg, `import ${entry.specifier}`, async () => {
    modules[entry.specifier] = await import(entry.specifier);
    return expectExports(modules[entry.specifier], entry.names);
  });
}
for (const pkg of ['client', 'webhooks', 'server', 'mock']) {
  await check(pkg, 'import ./package.json', async () => {
    const json = (await import(`@prospectkit/${pkg}/package.json`, { with: { type: 'json' } })).default;
    expect(json.name === `@prospectkit/${pkg}`, `name ${json.name}`);
  });
}

const client = modules['@prospectkit/client'];
const webhooks = modules['@prospectkit/webhooks'];
const env = {
  baseUrl: process.env.PK_BASE_URL,
  token: process.env.PK_TOKEN,
  runtime: process.env.PK_RUNTIME,
};

await check('client', 'calls the reference server', () => callsServer(client, env));
await check('webhooks', 'verifyWebhook (node crypto)', () =>
  verifiesSigned(webhooks, webhooks.createNodeCryptoProvider()),
);
await check('webhooks', 'verifyWebhook (web crypto)', () =>
  verifiesSigned(webhooks, webhooks.createWebCryptoProvider()),
);
await check('webhooks', 'verifyWebhook rejects forged', () => rejectsForged(webhooks));

/** Listens on 127.0.0.1 with a free port; returns its URL and a close function. */
async function listen(listener) {
  const server = createServer(listener);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/webhooks`, close: () => server.close() };
}

await check('webhooks', 'express adapter serves signed', async () => {
  const express = (await import('express')).default;
  const { webhookRouter } = modules['@prospectkit/webhooks/express'];
  const app = express();
  app.use('/webhooks', webhookRouter({ secret: SECRET, handlers: { 'prospect.created': async () => {} } }));
  const receiver = await listen(app);
  try {
    return await receiverAnswers(webhooks, receiver.url);
  } finally {
    receiver.close();
  }
});

await check('webhooks', 'fetch handler serves signed', async () => {
  const { handleWebhook } = modules['@prospectkit/webhooks/fetch'];
  const handler = (request) =>
    handleWebhook(request, { secret: SECRET, handlers: { 'prospect.created': async () => {} } });
  // Node's own Request and Response around node:http: what a fetch-style framework (Hono's node-server) does.
  const receiver = await listen(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const response = await handler(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers,
        body: Buffer.concat(chunks),
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  try {
    return await receiverAnswers(webhooks, receiver.url);
  } finally {
    receiver.close();
  }
});

await check('mock', 'msw/node with the client', async () => {
  const { setupServer } = await import('msw/node');
  const { createProspectKitMock } = modules['@prospectkit/mock'];
  const baseUrl = 'http://prospectkit.mock.test/api/v1';
  const mock = createProspectKitMock({ baseUrl });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const api = client.createClient({ baseUrl, token: 'any-token', maxRetries: 0 });
    const created = await api.prospects.create({ company: 'Mocked Ltd' });
    const read = await api.prospects.get(created.id);
    expect(read.company === 'Mocked Ltd', `read back ${read.company}`);
    const events = mock.events.map((event) => event.event);
    expect(events.join() === 'prospect.created', `events ${events.join()}`);
    return `${created.id}`;
  } finally {
    server.close();
  }
});

done();
// msw and keep-alive sockets may hold the loop open; the checks are over.
process.exit(0);
