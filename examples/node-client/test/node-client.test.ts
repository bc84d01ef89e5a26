import { startTestServer, type TestServer } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample } from '../src/run-example.js';

describe('examples/node-client against the reference server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs the tour and prints each step', async () => {
    const lines: string[] = [];
    const { id, listed } = await runExample({
      baseUrl: server.baseUrl,
      token: await server.token(),
      log: (line) => lines.push(line),
    });
    expect(id).toMatch(/^prs_/);
    expect(listed).toBe(1);
    expect(lines).toEqual([
      `created   ${id} Globex Corporation`,
      'updated   tags=enterprise,emea',
      'outcome   Won 42000 USD',
      `listed    ${id} Globex Corporation`,
      expect.stringMatching(/^not found 404 request req_/),
      'invalid   company',
    ]);
  });
});
