import { prepareFuzzContext } from '../context.js';
import { createThrowawayDatabase } from '../database.js';
import { fuzzOperations } from '../fuzz.js';
import { hostileInput } from '../hostile.js';
import { createAgent, send } from '../http.js';
import { startServerProcess } from '../server-process.js';
import type { PartEnvironment } from './part.js';

/** Part 1: every operation fuzzed, then raw hostile input, against the reference server on PostgreSQL. */
export async function fuzzPart(env: PartEnvironment): Promise<void> {
  const part = 'fuzz (PostgreSQL)';
  const database = await createThrowawayDatabase(env.databaseUrl, 'fuzz');
  const server = await startServerProcess({ databaseUrl: database.url });
  const agent = createAgent({ connections: env.settings.concurrency });
  const { context, db } = await prepareFuzzContext(database.url, server.baseUrl, agent);
  const alive = async () => {
    const health = await send(server.baseUrl, { method: 'GET', path: '/healthz' }, agent);
    if (server.crashed || health.status !== 200) {
      env.tally.serverExits++;
      throw new Error(
        `${part}: the server is down (health ${health.status}): ${server.logs.slice(-5).join('\n')}`,
      );
    }
  };
  try {
    await fuzzOperations({
      part,
      origin: server.baseUrl,
      agent,
      context,
      checker: env.checker,
      tally: env.tally,
      requestsPerOperation: env.settings.fuzzRequestsPerOperation,
      concurrency: env.settings.concurrency,
      seed: env.settings.seed,
      alive,
    });
    await hostileInput({
      part: 'hostile input',
      origin: server.baseUrl,
      agent,
      context,
      checker: env.checker,
      tally: env.tally,
      rounds: env.settings.hostileRounds,
    });
    await alive();
    const errors = server.logs.filter((line) => /"level":(50|60)/.test(line));
    env.tally.figure('server error log lines (fuzz)', errors.length);
    for (const line of errors.slice(0, 3)) env.tally.find(part, 'server log', line.slice(0, 400));
  } finally {
    await agent.close();
    await db.close();
    await server.stop();
    await database.drop();
  }
}
