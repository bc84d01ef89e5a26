// A typed consumer of the four packages, compiled strict under node16, nodenext and bundler resolution. Each
// expected-error line below fails the build when a type widens to `any`: a usage file that cannot fail checks nothing.
import { createClient, NotFoundError, type Prospect, type WebhookEvent } from '@prospectkit/client';
import { createProspectKitMock } from '@prospectkit/mock';
import { createApp, loadConfig } from '@prospectkit/server';
import { startTestServer } from '@prospectkit/server/testing';
import {
  buildSignedWebhook,
  buildWebhookEvent,
  createWebCryptoProvider,
  verifyWebhook,
  WebhookVerificationError,
} from '@prospectkit/webhooks';
import { webhookRouter } from '@prospectkit/webhooks/express';
import { handleWebhook } from '@prospectkit/webhooks/fetch';
import { PostgresDedupeStore } from '@prospectkit/webhooks/postgres';
import { RedisDedupeStore } from '@prospectkit/webhooks/redis';
import express from 'express';
import { setupServer } from 'msw/node';

export async function useClient(token: string): Promise<string[]> {
  const client = createClient({ baseUrl: 'http://127.0.0.1:3000/api/v1', token });
  const created: Prospect = await client.prospects.create({ company: 'Acme Ltd' });
  // @ts-expect-error company is a string
  await client.prospects.create({ company: 42 });
  const { data } = await client.GET('/prospects/{id}', { params: { path: { id: created.id } } });
  const companies: string[] = data ? [data.company] : [];
  try {
    await client.prospects.get('prs_missing');
  } catch (error) {
    if (error instanceof NotFoundError) companies.push(error.code);
  }
  return companies;
}

export async function useWebhooks(request: Request): Promise<number | null | undefined> {
  const secret = 'whk_test';
  const signed = await buildSignedWebhook({ secret, event: buildWebhookEvent('opportunity.won') });
  const event: WebhookEvent = await verifyWebhook({
    body: signed.body,
    headers: signed.headers,
    secret,
    cryptoProvider: createWebCryptoProvider(),
  });
  // @ts-expect-error not an event kind of the contract
  if (event.event === 'prospect.deleted') return undefined;
  const response = await handleWebhook(request, {
    secret,
    handlers: { 'opportunity.won': async (won) => void won.data.value_minor },
  });
  const app = express();
  app.use('/webhooks', webhookRouter({ secret, handlers: {} }));
  return event.event === 'opportunity.won' ? event.data.value_minor : response.status;
}

export function useMock(): void {
  const mock = createProspectKitMock({ baseUrl: 'http://localhost:3000/api/v1' });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  server.close();
}

export function useServer(): [typeof createApp, typeof startTestServer, number] {
  return [createApp, startTestServer, loadConfig({ PORT: '0' }).port];
}

export const stores = [PostgresDedupeStore, RedisDedupeStore];

export function failureCode(error: unknown): string | undefined {
  return error instanceof WebhookVerificationError ? error.code : undefined;
}
