import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPrismProxy } from './prism-process.js';
import { parseViolations, responseErrors } from './prism-violations.js';

/** Answers the contract would reject, one 2xx and one 4xx, each with the headers it requires. */
const WRONG: Record<string, { status: number; body: unknown }> = {
  '/api/v1/prospects': { status: 200, body: { data: 'not a list', links: {}, meta: {} } },
  '/api/v1/prospects/prs_01HZZZZZZZZZZZZZZZZZZZZZZZ': { status: 404, body: { error: 'no message' } },
};

/**
 * Proves the referee can fail: Prism in front of a stand-in upstream that answers wrongly (a 200 and a 404
 * whose bodies break their schemas) must report a response violation for each in `sl-violations`.
 *
 * @returns one line per wrong answer Prism let through unreported; empty when Prism caught both
 */
export async function prismMissedViolations(): Promise<string[]> {
  const upstream = createServer((req, res) => {
    const wrong = WRONG[(req.url ?? '').split('?')[0] as string] ?? { status: 500, body: {} };
    req.resume();
    res.writeHead(wrong.status, {
      'content-type': 'application/json',
      'x-request-id': 'req_canary',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
    });
    res.end(JSON.stringify(wrong.body));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const prism = await startPrismProxy({
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`,
  });
  const missed: string[] = [];
  try {
    for (const path of Object.keys(WRONG)) {
      const response = await fetch(`${prism.origin}${path.replace('/api/v1', '')}`, {
        headers: { authorization: 'Bearer pkt_canary', accept: 'application/json' },
      });
      await response.text();
      const header = response.headers.get('sl-violations');
      const found = header ? responseErrors(parseViolations(header)) : 0;
      if (found === 0)
        missed.push(`GET ${path} answered ${response.status}: sl-violations ${header ?? 'absent'}`);
    }
  } finally {
    await prism.stop();
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  }
  return missed;
}
