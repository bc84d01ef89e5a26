import type { ContractChecker, OperationId, Seen } from './contract.js';
import type { Tally } from './tally.js';

const MAX_FINDINGS_PER_KEY = 2;

/** Counts one answer against the invariants: no 5xx, the expected status, a body and headers per the contract. */
export class Evaluator {
  private readonly seenKeys = new Map<string, number>();

  constructor(
    private readonly checker: ContractChecker,
    private readonly tally: Tally,
    private readonly part: string,
  ) {}

  private note(kind: string, key: string, detail: string): void {
    const count = (this.seenKeys.get(key) ?? 0) + 1;
    this.seenKeys.set(key, count);
    if (count <= MAX_FINDINGS_PER_KEY) this.tally.find(this.part, kind, detail);
  }

  /**
   * @param expected the status the contract demands, or a list of acceptable ones
   * @returns whether the answer kept every invariant
   */
  record(
    operation: OperationId,
    label: string,
    seen: Seen,
    expected: number | readonly number[],
    replay: string,
  ): boolean {
    this.tally.requestsSent++;
    const excerpt = seen.text.slice(0, 200).replace(/\s+/g, ' ');
    if (seen.status === 0) {
      this.tally.fail(this.part, `${operation} ${label}: no answer (${excerpt}) ${replay}`);
      return false;
    }
    if (seen.status >= 500) {
      this.tally.serverErrors++;
      this.note(
        '5xx',
        `${operation}:${label}:${seen.status}`,
        `${operation} ${label} got ${seen.status} ${excerpt} ${replay}`,
      );
      return false;
    }
    let ok = true;
    const allowed = typeof expected === 'number' ? [expected] : expected;
    if (!allowed.includes(seen.status)) {
      ok = false;
      this.tally.contractViolations++;
      this.note(
        'wrong status',
        `${operation}:${label}:${seen.status}`,
        `${operation} ${label}: expected ${allowed.join(' or ')}, got ${seen.status} ${excerpt} ${replay}`,
      );
    }
    for (const problem of this.checker.check(operation, seen)) {
      ok = false;
      this.tally.contractViolations++;
      this.note(
        'contract',
        `${operation}:${seen.status}:${problem.slice(0, 60)}`,
        `${operation} ${label} ${seen.status}: ${problem} ${replay}`,
      );
    }
    if (seen.status === 422) {
      const problem = validationMessageProblem(seen.text);
      if (problem) {
        ok = false;
        this.tally.contractViolations++;
        this.note('contract', `${operation}:422-message`, `${operation} ${label}: ${problem} ${replay}`);
      }
    }
    return ok;
  }
}

/** The 422 rule: `message` is the first error, plus ` (and N more error(s))` when there are more. */
export function validationMessageProblem(text: string): string | undefined {
  let body: { message?: unknown; errors?: Record<string, string[]> };
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body.errors || typeof body.message !== 'string') return undefined;
  const all = Object.values(body.errors).flat();
  if (all.length === 0) return 'a 422 with an empty errors object';
  const rest = all.length - 1;
  const want = rest === 0 ? all[0] : `${all[0]} (and ${rest} more error${rest === 1 ? '' : 's'})`;
  // At the contract's cap of 256 fields, errors past it are counted in the message but not listed.
  if (Object.keys(body.errors).length >= 256 && body.message.startsWith(`${all[0]} (and `)) return undefined;
  return body.message === want ? undefined : `422 message "${body.message}" should be "${want}"`;
}
