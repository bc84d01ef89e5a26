import { describe, expect, it } from 'vitest';
import { type CheckName, type CheckSteps, ORDER_OF_CHECKS, runChecks } from './order-of-checks.js';

/** Steps that record their names and answer with their own name when it is in `failing`. */
function steps(failing: readonly CheckName[], ran: CheckName[]): CheckSteps<null, string> {
  return Object.fromEntries(
    ORDER_OF_CHECKS.map((name) => [
      name,
      async () => {
        ran.push(name);
        return failing.includes(name) ? name : undefined;
      },
    ]),
  ) as unknown as CheckSteps<null, string>;
}

describe('runChecks', () => {
  it.each<[string, { failing: CheckName[]; want: string | undefined; ran: number }]>([
    ['every step passes', { failing: [], want: undefined, ran: 9 }],
    ['429 before 401', { failing: ['authenticate', 'rateLimit'], want: 'rateLimit', ran: 1 }],
    ['401 before 403', { failing: ['ability', 'authenticate'], want: 'authenticate', ran: 2 }],
    ['415 before 404 of a path', { failing: ['route', 'media'], want: 'media', ran: 4 }],
    ['404 of a prospect before 422', { failing: ['validate', 'prospect'], want: 'prospect', ran: 6 }],
    ['schema 422 before NUL 422', { failing: ['nul', 'validate'], want: 'validate', ran: 7 }],
    ['the operation last', { failing: ['operation'], want: 'operation', ran: 9 }],
  ])('%s', async (_name, { failing, want, ran }) => {
    const order: CheckName[] = [];
    expect(await runChecks(steps(failing, order), null)).toBe(want);
    expect(order).toEqual(ORDER_OF_CHECKS.slice(0, ran));
  });

  it('keeps the order of openapi.yaml `info.description` (Order of checks)', () => {
    expect(ORDER_OF_CHECKS).toEqual([
      'rateLimit',
      'authenticate',
      'ability',
      'media',
      'route',
      'prospect',
      'validate',
      'nul',
      'operation',
    ]);
  });

  it('stops at a step that throws', async () => {
    const order: CheckName[] = [];
    const all = steps([], order);
    const failing = { ...all, media: () => Promise.reject(new Error('boom')) };
    await expect(runChecks(failing, null)).rejects.toThrow('boom');
    expect(order).toEqual(['rateLimit', 'authenticate', 'ability']);
  });
});
