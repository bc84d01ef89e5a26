import type { Ability } from './abilities.js';
import { contract } from './generated/contract.js';

/** The operations of the contract, by `operationId`. */
export type OperationId =
  | 'listProspects'
  | 'createProspect'
  | 'getProspect'
  | 'updateProspect'
  | 'recordOutcome';

/** One operation as the contract declares it. */
export interface ContractOperation {
  operationId: OperationId;
  method: 'GET' | 'POST' | 'PATCH';
  /** The contract's path template below the base URL, e.g. `/prospects/{id}`. */
  path: string;
  /** The same path in msw's syntax, e.g. `/prospects/:id`. */
  mswPath: string;
  /** The ability the operation's `security` names. */
  ability: Ability;
  /** Whether the path names a prospect, which must exist before the request is validated (check 5). */
  hasProspectId: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects of the contract
  parameters: readonly any[];
  // biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects of the contract
  bodySchema: any | undefined;
}

type Document = {
  // biome-ignore lint/suspicious/noExplicitAny: the parsed contract
  paths: Record<string, Record<string, any>>;
};

/** Every operation of `openapi.yaml`, read from the generated contract object. */
export const CONTRACT_OPERATIONS: readonly ContractOperation[] = Object.entries(
  (contract as unknown as Document).paths,
).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, operation]) => typeof operation === 'object' && operation?.operationId)
    .map(([method, operation]) => ({
      operationId: operation.operationId as OperationId,
      method: method.toUpperCase() as ContractOperation['method'],
      path,
      mswPath: path.replace(/\{([^}]+)\}/g, ':$1'),
      ability: operation.security?.[0]?.bearerAuth?.[0] as Ability,
      hasProspectId: path.includes('{id}'),
      parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])],
      bodySchema: operation.requestBody?.content?.['application/json']?.schema,
    })),
);

/** The methods each contract path allows, for 405 `Allow`, e.g. `/prospects/{id}` -> `['GET', 'PATCH']`. */
export function allowedMethods(path: string): string[] {
  return CONTRACT_OPERATIONS.filter((o) => o.path === path).map((o) => o.method);
}

/** The operation of an id, or `undefined`. */
export function findOperation(operationId: string): ContractOperation | undefined {
  return CONTRACT_OPERATIONS.find((o) => o.operationId === operationId);
}

// Case-insensitive, like Express's routing and msw's matching: `/PROSPECTS` is the same path, so it must meet the
// same checks (a case-sensitive match once let a read-only token create prospects there).
const PATH_PATTERNS = [...new Set(CONTRACT_OPERATIONS.map((o) => o.path))].map((path) => ({
  path,
  pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`, 'i'),
}));

/** Where a request lands in the contract; see {@link matchOperation}. */
export interface OperationMatch {
  /** The operation of the method and path, or `undefined` (404 when `path` is too, else 405). */
  operation: ContractOperation | undefined;
  /** The contract's path template the path matches, e.g. `/prospects/{id}`, or `undefined`. */
  path: string | undefined;
  /**
   * The prospect id the path names, percent-decoded; `''` when the path names none, `undefined` when its
   * segment is not valid percent-encoding (an id no prospect can have).
   */
  prospectId: string | undefined;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Finds the operation of a request: the one place the server and the mock match a path against the contract.
 * HEAD is matched as GET (it is answered wherever GET is, with GET's checks).
 *
 * @param method the request method, e.g. `'POST'`
 * @param path the path below the base URL, still percent-encoded, e.g. `'/prospects/prs_1'`
 * @example matchOperation('PATCH', '/prospects/prs_1') // { operation: updateProspect's, path: '/prospects/{id}', prospectId: 'prs_1' }
 * @see openapi.yaml `info.description` (HEAD)
 */
export function matchOperation(method: string, path: string): OperationMatch {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const candidate of PATH_PATTERNS) {
    const found = candidate.pattern.exec(path);
    if (!found) continue;
    const operation = CONTRACT_OPERATIONS.find((o) => o.path === candidate.path && o.method === wanted);
    return { operation, path: candidate.path, prospectId: safeDecode(found[1] ?? '') };
  }
  return { operation: undefined, path: undefined, prospectId: '' };
}
