// The mock in a real browser: the package (with its dependencies) bundled for the browser, msw's setupWorker
// with the package's handlers and a relative base URL, and create-then-read through the page's own fetch.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@prospectkit/browser-testing';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const PAGE_SCRIPT = `
import { setupWorker } from 'msw/browser';
import { createProspectKitMock } from ${JSON.stringify(here('../src/index.ts'))};

const mock = createProspectKitMock({ baseUrl: '/api/v1' });
const worker = setupWorker(...mock.handlers);
window.run = async () => {
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });
  const headers = { Authorization: 'Bearer browser-token', 'Content-Type': 'application/json' };
  const created = await fetch('/api/v1/prospects', { method: 'POST', headers, body: JSON.stringify({ company: ' Acme ' }) });
  const prospect = await created.json();
  const read = await fetch('/api/v1/prospects/' + prospect.id, { headers });
  const list = await fetch('/api/v1/prospects?search=acm', { headers });
  const invalid = await fetch('/api/v1/prospects?per_page=101', { headers });
  return {
    created: [created.status, prospect.company, created.headers.get('location') === location.origin + '/api/v1/prospects/' + prospect.id],
    readBack: (await read.json()).id === prospect.id,
    listPath: (await list.json()).meta.path,
    invalid: [invalid.status, await invalid.json()],
    events: mock.events.map((e) => e.event),
  };
};
`;

describe('in a browser, with setupWorker', () => {
  let server: Server;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: PAGE_SCRIPT, resolveDir: here('.'), loader: 'ts' },
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      alias: { '@prospectkit/webhooks': here('../../webhooks/src/index.ts') },
    });
    const files: Record<string, [string, string]> = {
      '/': ['text/html', '<!doctype html><script type="module" src="/app.js"></script>'],
      '/app.js': ['text/javascript', bundle.outputFiles[0]?.text ?? ''],
      '/mockServiceWorker.js': [
        'text/javascript',
        readFileSync(here('../../../node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
      ],
    };
    server = createServer((req, res) => {
      const file = files[req.url ?? ''];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': file[0] }).end(file[1]);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('creates, reads back, lists and validates, against a relative base URL', async () => {
    const page = await browser.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => typeof (window as unknown as { run?: unknown }).run === 'function');
    const result = await page.evaluate(() => (window as unknown as { run: () => Promise<unknown> }).run());
    expect(result).toEqual({
      created: [201, 'Acme', true],
      readBack: true,
      listPath: `${origin}/api/v1/prospects`,
      invalid: [
        422,
        {
          message: 'The per_page field must not be greater than 100.',
          errors: { per_page: ['The per_page field must not be greater than 100.'] },
        },
      ],
      events: ['prospect.created'],
    });
  });
});
