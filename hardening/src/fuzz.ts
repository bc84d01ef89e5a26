import fc from 'fast-check';
import type { Agent } from 'undici';
import { type ContractChecker, OPERATIONS } from './contract.js';
import { Evaluator } from './evaluate.js';
import { fuzzCases } from './fuzz-cases.js';
import type { FuzzContext } from './fuzz-context.js';
import { pool, send } from './http.js';
import type { Tally } from './tally.js';

const CHUNK = 250;

/** Options of {@link fuzzOperations}. */
export interface FuzzOptions {
  part: string;
  origin: string;
  agent: Agent;
  context: FuzzContext;
  checker: ContractChecker;
  tally: Tally;
  requestsPerOperation: number;
  concurrency: number;
  seed: number;
  /** Called after each operation's batch; throws or records when the server is down. */
  alive: () => Promise<void>;
}

/**
 * Sends `requestsPerOperation` generated requests to every operation of the contract (fast-check samples, in
 * chunks, replayable with the printed seed) and counts every answer against the invariants.
 */
export async function fuzzOperations(options: FuzzOptions): Promise<void> {
  const evaluator = new Evaluator(options.checker, options.tally, options.part);
  for (const [index, operation] of OPERATIONS.entries()) {
    const arbitrary = fuzzCases(operation, options.context, options.checker);
    const labels = new Map<string, number>();
    for (let done = 0; done < options.requestsPerOperation; done += CHUNK) {
      const numRuns = Math.min(CHUNK, options.requestsPerOperation - done);
      const seed = options.seed + index * 1_000_003 + done;
      const cases = fc.sample(arbitrary, { numRuns, seed });
      await pool(cases.entries(), options.concurrency, async ([position, c]) => {
        const seen = await send(options.origin, c.request, options.agent);
        const kind = c.label === 'valid' ? 'valid' : 'invalid';
        labels.set(kind, (labels.get(kind) ?? 0) + 1);
        const ok = evaluator.record(operation, c.label, seen, c.expected, `(seed ${seed}, case ${position})`);
        if (ok && c.sent && typeof c.sent.company === 'string') {
          const answered = JSON.parse(seen.text) as { company?: string };
          // Lone surrogates cannot be stored as UTF-8; they come back as U+FFFD (noted, not a violation here).
          const want = c.sent.company
            .trim()
            .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
          if (answered.company !== want) {
            options.tally.contractViolations++;
            options.tally.find(
              options.part,
              'echo',
              `${operation}: company ${JSON.stringify(c.sent.company)} came back as ${JSON.stringify(answered.company)}`,
            );
          }
        }
      });
    }
    await options.alive();
    options.tally.figure(
      `${options.part}: ${operation}`,
      `${labels.get('valid') ?? 0} valid, ${labels.get('invalid') ?? 0} invalid`,
    );
  }
}
