import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@prospectkit/client';
import {
  bootstrapDemo,
  createWebhook,
  type Database,
  loadConfig,
  openDatabase,
  startServer,
} from '@prospectkit/server';
import { verifyWebhook, type WebhookEvent } from '@prospectkit/webhooks';

async function rawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The main job end to end: start the reference server, register a webhook aimed at a local receiver built
 * with `@prospectkit/webhooks`, create and list a prospect with `@prospectkit/client`, and return the
 * verified `prospect.created` event.
 *
 * @param options.db an open database to run on (default: a new in-memory PGlite)
 * @param options.log where progress lines go. Default: `console.log`.
 */
export async function runQuickstart(
  options: { db?: Database; log?: (line: string) => void } = {},
): Promise<WebhookEvent> {
  const log = options.log ?? console.log;
  let secret = '';
  let resolveEvent: (event: WebhookEvent) => void = () => {};
  let rejectEvent: (error: Error) => void = () => {};
  const received = new Promise<WebhookEvent>((resolve, reject) => {
    resolveEvent = resolve;
    rejectEvent = reject;
  });

  // 1. A receiver: verify the signature over the raw body, then trust the event.
  const receiver = createServer(async (req, res) => {
    try {
      const event = await verifyWebhook({
        body: await rawBody(req),
        headers: req.headers as Record<string, string>,
        secret,
      });
      res.writeHead(204).end();
      resolveEvent(event);
    } catch (error) {
      res.writeHead(400).end();
      rejectEvent(error as Error);
    }
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

  // 2. The reference server, with the development switch that allows a plain-http loopback receiver. No inbound
  // mail here: the quickstart must not depend on (or warn about) port 2525 being free.
  const config = {
    ...loadConfig({ LOG_LEVEL: 'warn', PROSPECTKIT_SMTP_PORT: 'off' }),
    port: 0,
    allowInsecureWebhooks: true,
  };
  const db = options.db ?? (await openDatabase({}));
  const server = await startServer(config, { db });
  try {
    const demo = await bootstrapDemo(server.db);
    if (!demo) throw new Error('The quickstart needs an empty database.');
    log(`server:   ${server.baseUrl}`);
    const webhook = await createWebhook(server.db, {
      workspaceId: demo.workspaceId,
      url: receiverUrl,
      events: ['prospect.created'],
    });
    secret = webhook.secret;
    log(`webhook:  ${webhook.record.id} -> ${receiverUrl}`);

    // 3. The SDK: create a prospect, then list it.
    const client = createClient({ baseUrl: server.baseUrl, token: demo.token });
    const created = await client.POST('/prospects', {
      body: { company: 'Acme Ltd', contact_email: 'ada@acme.example' },
    });
    if (!created.data) throw new Error(`create failed: ${created.response.status}`);
    log(`created:  ${created.data.id} ${created.data.company}`);
    const listed = await client.GET('/prospects', { params: { query: { search: 'acme' } } });
    log(
      `listed:   ${listed.data?.meta.total} prospect(s): ${listed.data?.data.map((p) => p.company).join(', ')}`,
    );

    // 4. The signed webhook arrives and verifies.
    const timeout = setTimeout(() => rejectEvent(new Error('no webhook within 15 s')), 15_000);
    const event = await received.finally(() => clearTimeout(timeout));
    log(`verified: ${event.event} ${event.id} ${JSON.stringify(event.data)}`);
    return event;
  } finally {
    await server.close();
    if (!options.db) await db.close();
    receiver.close();
  }
}
