import type { Agent } from 'undici';
import type { ContractChecker } from './contract.js';
import { Evaluator } from './evaluate.js';
import type { FuzzContext } from './fuzz-context.js';
import { hostileBodyCases } from './hostile-bodies.js';
import { type HostileCase, hostileBase } from './hostile-case.js';
import { hostileRequestCases } from './hostile-requests.js';
import { hostileTextCases } from './hostile-text.js';
import { send } from './http.js';
import type { Tally } from './tally.js';

/** Options of {@link hostileInput}. */
export interface HostileOptions {
  part: string;
  origin: string;
  agent: Agent;
  context: FuzzContext;
  checker: ContractChecker;
  tally: Tally;
  rounds: number;
}

/** The raw hostile requests: malformed bodies, size limits, content types, nesting, Unicode, headers, paths. */
function hostileCases(ctx: FuzzContext): HostileCase[] {
  const base = hostileBase(ctx);
  return [...hostileBodyCases(base), ...hostileTextCases(base), ...hostileRequestCases(base, ctx)];
}

/** Sends every hostile case `rounds` times and checks the answers; then the server must still answer. */
export async function hostileInput(options: HostileOptions): Promise<void> {
  const evaluator = new Evaluator(options.checker, options.tally, options.part);
  const cases = hostileCases(options.context);
  let outside = 0;
  for (let round = 0; round < options.rounds; round++) {
    for (const c of cases) {
      const seen = await send(options.origin, c.request, options.agent);
      if (seen.status === 431 && c.expected.includes(431)) {
        options.tally.requestsSent++;
        outside++;
        continue;
      }
      evaluator.record(c.operation, c.name, seen, c.expected, '');
    }
  }
  options.tally.figure(
    'hostile: cases',
    `${cases.length} x ${options.rounds}; ${outside} answered 431 by Node before the app`,
  );
}
