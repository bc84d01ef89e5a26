import { describe, expect, it, vi } from 'vitest';
import { handleWebhook } from '../src/fetch/index.js';
import { buildSignedWebhook, buildWebhookEvent } from '../src/index.js';
import { adapterContract, SECRET } from './adapter-contract.js';

const URL_ = 'https://receiver.example/webhooks';

describe('handleWebhook (fetch)', () => {
  describe('the adapter contract, in process', () => {
    adapterContract(async (options) => ({
      send: async ({ body, headers }) => {
        const response = await handleWebhook(new Request(URL_, { method: 'POST', body, headers }), options);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      },
      close: async () => {},
    }));
  });

  const options = { secret: SECRET, handlers: { 'prospect.created': vi.fn() }, onError: vi.fn() };

  it('answers 405 with Allow: POST to other methods', async () => {
    const response = await handleWebhook(new Request(URL_, { method: 'GET' }), options);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 500 with the fix when the body was already read', async () => {
    const signed = await buildSignedWebhook({ secret: SECRET, event: buildWebhookEvent('prospect.created') });
    const request = new Request(URL_, { method: 'POST', ...signed });
    await request.json();
    const response = await handleWebhook(request, options);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toContain('already read');
  });

  it('stops reading a streamed body without Content-Length past maxBodyBytes', async () => {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request(URL_, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    const response = await handleWebhook(request, { ...options, maxBodyBytes: 4096 });
    expect(response.status).toBe(413);
    expect(pulls).toBeLessThan(10);
  });

  it('answers 400 missing_header to an empty POST', async () => {
    const response = await handleWebhook(new Request(URL_, { method: 'POST' }), options);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'missing_header' });
  });
});
