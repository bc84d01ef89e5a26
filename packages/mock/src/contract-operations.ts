import type { Ability } from '@prospectkit/core';
import { contract } from '@prospectkit/core';

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
