// The suite for Bun and Deno: import the fetch-side entries, call the reference server with the client, verify
// webhooks, and serve the fetch handler with the runtime's own HTTP server. PK_BASE_URL, PK_TOKEN and PK_RUNTIME
// come from the runner.
import { callsServer } from './client-checks.mjs';
import { check, done, expectExports, SECRET } from './report.mjs';
import { receiverAnswers, rejectsForged, verifiesSigned } from './webhook-checks.mjs';

const entries = (await import('./entries.json', { with: { type: 'json' } })).default;
// The entries a fetch-style app uses; the server, Express and database adapters are for Node.
const wanted = ['@prospectkit/client', '@prospectkit/webhooks', '@prospectkit/webhooks/fetch'];
const modules = {};
for (const entry of entries.filter((e) => wanted.includes(e.specifier))) {
  await check(entry.pkg, `import ${entry.specifier}`, async () => {
    modules[entry.specifier] = await import(entry.specifier);
    return expectExports(modules[entry.specifier], entry.names);
  });
}

const env = globalThis.Deno?.env.toObject() ?? process.env;
const client = modules['@prospectkit/client'];
const webhooks = modules['@prospectkit/webhooks'];

await check('client', 'calls the reference server', () =>
  callsServer(client, { baseUrl: env.PK_BASE_URL, token: env.PK_TOKEN, runtime: env.PK_RUNTIME }),
);
await check('webhooks', 'verifyWebhook (default crypto)', () => verifiesSigned(webhooks, undefined));
await check('webhooks', 'verifyWebhook (web crypto)', () =>
  verifiesSigned(webhooks, webhooks.createWebCryptoProvider()),
);
await check('webhooks', 'verifyWebhook rejects forged', () => rejectsForged(webhooks));

/** Serves `handler` on 127.0.0.1 with the runtime's own server (Bun.serve, Deno.serve); returns URL and stop. */
function serve(handler) {
  if (globalThis.Bun) {
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handler });
    return { url: `http://127.0.0.1:${server.port}/webhooks`, stop: () => server.stop(true) };
  }
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, handler);
  return { url: `http://127.0.0.1:${server.addr.port}/webhooks`, stop: () => server.shutdown() };
}

await check('webhooks', 'fetch handler serves signed', async () => {
  const { handleWebhook } = modules['@prospectkit/webhooks/fetch'];
  const receiver = serve((request) =>
    handleWebhook(request, { secret: SECRET, handlers: { 'prospect.created': async () => {} } }),
  );
  try {
    return await receiverAnswers(webhooks, receiver.url);
  } finally {
    await receiver.stop();
  }
});

done();
if (globalThis.Deno) Deno.exit(0);
else process.exit(0);
