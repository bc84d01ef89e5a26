import type { CheckResult } from './results.js';
import type { ServerProcess } from './server-process.js';

/**
 * The CLI checks on a started server: it printed a token, serves the API reference at /docs, and answers a POST
 * with that token (201).
 */
export async function checkRunningServer(runtime: string, server: ServerProcess): Promise<CheckResult[]> {
  const cell = (check: string, pass: boolean, detail: string): CheckResult => ({
    runtime,
    pkg: 'server',
    check,
    pass,
    detail,
  });
  const results = [
    cell('npx prospectkit-server start', true, `${(server.startMs / 1000).toFixed(1)} s to the start line`),
    cell('prints a token', server.token !== undefined, server.token ? 'pkt_…' : 'no PROSPECTKIT_TOKEN line'),
  ];
  const origin = new URL(server.baseUrl).origin;
  try {
    const docs = await fetch(`${origin}/docs`, { signal: AbortSignal.timeout(15_000) });
    const html = await docs.text();
    results.push(
      cell(
        'serves /docs',
        docs.ok && /<html/i.test(html),
        `${docs.status} ${docs.headers.get('content-type')}`,
      ),
    );
  } catch (error) {
    results.push(cell('serves /docs', false, String(error)));
  }
  try {
    const created = await fetch(`${server.baseUrl}/prospects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ company: `CLI check ${runtime}` }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await created.text();
    results.push(
      cell(
        'answers a POST',
        created.status === 201,
        `${created.status} ${created.status === 201 ? '' : body.slice(0, 200)}`,
      ),
    );
  } catch (error) {
    results.push(cell('answers a POST', false, String(error)));
  }
  return results;
}
