/**
 * The contract's order of checks, one name per step: the first step that answers decides the response, so a
 * request that fails several checks gets the earliest one's status. The server and the mock each supply the
 * steps' implementations and run them with {@link runChecks}; neither writes the order itself.
 *
 * - `rateLimit`: 429 past the limit (and the `X-RateLimit-*` headers on every answer)
 * - `authenticate`: 401 without a valid bearer token
 * - `ability`: 403 when the token lacks the operation's ability
 * - `media`: 415, 413 or 400 for a body that is not JSON, too large or malformed
 * - `route`: 404 for a path the contract does not have, 405 (with `Allow`) for a method it does not allow there
 * - `prospect`: 404 when the prospect named in the path is not in the token's workspace
 * - `validate`: 422 for a query or body the contract's schemas refuse
 * - `nul`: 422 for U+0000 in a string, which PostgreSQL text cannot hold
 * - `operation`: the operation itself (its own rules may still answer 404 or 422)
 *
 * @see openapi.yaml `info.description` (Order of checks)
 */
export const ORDER_OF_CHECKS = [
  'rateLimit',
  'authenticate',
  'ability',
  'media',
  'route',
  'prospect',
  'validate',
  'nul',
  'operation',
] as const;

/** One step of {@link ORDER_OF_CHECKS}. */
export type CheckName = (typeof ORDER_OF_CHECKS)[number];

/**
 * One step's implementation: returns an answer to stop there, or `undefined` to go on to the next step.
 * `Request` is whatever the caller threads through (an Express request, a fetch `Request` with its state).
 */
export type CheckStep<Request, Answer> = (
  request: Request,
) => Answer | undefined | Promise<Answer | undefined>;

/** An implementation of every step, by name. */
export type CheckSteps<Request, Answer> = Record<CheckName, CheckStep<Request, Answer>>;

/**
 * Runs the steps in the contract's order and returns the first answer, or `undefined` when every step went
 * on (an `operation` step that answers by a side effect, like calling Express's `next()`).
 *
 * @param steps an implementation of each step of {@link ORDER_OF_CHECKS}
 * @param request passed to each step as is
 * @returns the answer of the first step that gave one
 * @throws whatever a step throws; later steps do not run
 * @example
 * const answer = await runChecks(mockSteps, state);
 */
export async function runChecks<Request, Answer>(
  steps: CheckSteps<Request, Answer>,
  request: Request,
): Promise<Answer | undefined> {
  for (const name of ORDER_OF_CHECKS) {
    const pending = steps[name](request);
    // Most steps answer synchronously; awaiting those too would cost a turn of the microtask queue each, on
    // every request (docs/benchmarks.md, "The server's overhead").
    const answer = pending instanceof Promise ? await pending : pending;
    if (answer !== undefined) return answer;
  }
  return undefined;
}
