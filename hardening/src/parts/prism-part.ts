import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../database.js';
import { prismMissedViolations } from '../prism-canary.js';
import { type PrismProcess, startPrismProxy } from '../prism-process.js';
import { parseViolations, responseErrors } from '../prism-violations.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { runConformanceSuite } from '../vitest-run.js';
import type { PartEnvironment } from './part.js';

/** The rate-limit case of the conformance suite asks for a server with this limit per minute. */
const CONFORMANCE_RATE_LIMIT = 3;
const CONFORMANCE_FILE = 'conformance/test/process.conformance.test.ts';

/** One line of the exchanges file (`Exchange` in conformance/src/targets/process-target.ts). */
interface Exchange {
  method: string;
  url: string;
  route: 'proxy' | 'direct';
  status: number;
  violations?: string;
}

/**
 * Part 2: the conformance suite (every case in `conformance/`) against a real server process on PostgreSQL,
 * through Prism as a validating proxy. Every response error Prism reports in `sl-violations` (4xx answers
 * included) and every failing case is a contract violation. A canary first proves Prism reports wrong answers.
 */
export async function prismPart(env: PartEnvironment): Promise<void> {
  const part = 'prism';
  const { tally } = env;
  const missed = await prismMissedViolations();
  tally.figure(
    'prism: canary',
    missed.length ? `${missed.length} wrong answers unreported` : 'both wrong answers reported',
  );
  for (const line of missed)
    tally.fail(part, `Prism did not report a wrong answer (the referee is blind): ${line}`);

  const databases: ThrowawayDatabase[] = [];
  const servers: ServerProcess[] = [];
  const proxies: PrismProcess[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'pk-hz-prism-'));
  const exchangesFile = join(scratch, 'exchanges.jsonl');
  try {
    databases.push(
      ...(await Promise.all([
        createThrowawayDatabase(env.databaseUrl, 'prism'),
        createThrowawayDatabase(env.databaseUrl, 'prism_rl'),
      ])),
    );
    const [main, other] = databases as [ThrowawayDatabase, ThrowawayDatabase];
    // The rate-limited server has its own database: the limiter's counters live there, keyed by client address.
    servers.push(
      ...(await Promise.all([
        startServerProcess({ databaseUrl: main.url }),
        startServerProcess({ databaseUrl: other.url, rateLimit: CONFORMANCE_RATE_LIMIT }),
      ])),
    );
    const [server, limited] = servers as [ServerProcess, ServerProcess];
    proxies.push(
      ...(await Promise.all([
        startPrismProxy({ upstream: server.baseUrl }),
        startPrismProxy({ upstream: limited.baseUrl }),
      ])),
    );
    const [prism, limitedPrism] = proxies as [PrismProcess, PrismProcess];
    const run = await runConformanceSuite({
      file: CONFORMANCE_FILE,
      env: {
        CONFORMANCE_PROCESS_TARGET: JSON.stringify({
          baseUrl: server.baseUrl,
          databaseUrl: main.url,
          rateLimited: { limit: CONFORMANCE_RATE_LIMIT, baseUrl: limited.baseUrl, token: limited.demoToken },
          proxies: { [server.baseUrl]: prism.origin, [limited.baseUrl]: limitedPrism.origin },
          exchangesFile,
        }),
      },
    });

    const exchanges = existsSync(exchangesFile)
      ? readFileSync(exchangesFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Exchange)
      : [];
    let requestViolations = 0;
    const viaPrism = exchanges.filter((e) => e.route === 'proxy').length;
    for (const exchange of exchanges) {
      tally.requestsSent++;
      if (exchange.status >= 500) {
        tally.serverErrors++;
        tally.find(part, '5xx', `${exchange.method} ${exchange.url} answered ${exchange.status}`);
      }
      if (!exchange.violations) continue;
      const parsed = parseViolations(exchange.violations);
      const errors = responseErrors(parsed);
      requestViolations += parsed.violations.filter((v) => v.location[0] === 'request').length;
      if (errors > 0) {
        tally.contractViolations += errors;
        tally.find(
          part,
          'sl-violations',
          `${exchange.method} ${exchange.url} ${exchange.status}: ${exchange.violations.slice(0, 400)}`,
        );
      }
    }
    tally.contractViolations += run.failures.length;
    for (const failure of run.failures.slice(0, 10))
      tally.find(part, 'conformance case', `${failure.name}: ${failure.message.slice(0, 400)}`);
    tally.figure(
      'prism: conformance cases',
      `${run.passed} passed, ${run.failures.length} failed of ${run.total} (server process on PostgreSQL)`,
    );
    tally.figure(
      'prism: requests',
      `${viaPrism} through Prism, ${exchanges.length - viaPrism} direct (bodies Prism cannot carry), ${requestViolations} request violations (sent on purpose)`,
    );
    // A run that sent nothing through Prism proved nothing.
    if (run.total === 0 || run.passed + run.failures.length < run.total || viaPrism === 0)
      tally.fail(part, `the conformance run did not go through Prism (exit ${run.exitCode}):\n${run.tail}`);
    for (const p of proxies) if (p.crashed) tally.fail(part, `Prism exited:\n${p.tail()}`);
    if (server.crashed || limited.crashed) tally.serverExits++;
  } finally {
    await Promise.all(proxies.map((p) => p.stop()));
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(databases.map((d) => d.drop()));
    rmSync(scratch, { recursive: true, force: true });
  }
}
