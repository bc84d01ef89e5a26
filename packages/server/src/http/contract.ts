import { type Ability, contract, contractYaml } from '@prospectkit/core';

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document
export type OpenApiDocument = Record<string, any>;

/** The text of `openapi/openapi.yaml`, as generated into core (no file is read at run time). */
export function contractSource(): string {
  return contractYaml;
}

let cached: OpenApiDocument | undefined;

/**
 * The parsed `openapi/openapi.yaml`, the server's source of truth: a copy of core's, made once, since the request
 * validator and the docs page may annotate what they are given and the mock reads the original.
 */
export function loadContract(): OpenApiDocument {
  cached ??= structuredClone(contract) as OpenApiDocument;
  return cached;
}

/** One operation's route as the contract declares it. */
export interface ContractRoute {
  method: string;
  operationId: string;
  /** Matches the path below `/api/v1`, e.g. `/prospects/prs_1`. */
  pattern: RegExp;
  /** The ability the operation's `security` names. */
  ability: Ability;
  /** Whether the path names a prospect (`{id}`), so a missing one answers 404 before 422. */
  hasProspectId: boolean;
  /** Names of the operation's query parameters of `type: integer`, e.g. `['page', 'per_page']`. */
  integerQuery: readonly string[];
}

/** A parameter object, following a `#/components/parameters/...` reference. */
function parameterOf(
  document: OpenApiDocument,
  parameter: { $ref?: string; name?: string; in?: string; schema?: { type?: unknown } },
) {
  if (!parameter.$ref) return parameter;
  return document.components.parameters[
    parameter.$ref.replace(/^#\/components\/parameters\//, '')
  ] as typeof parameter;
}

/** Every operation with its method, path pattern and required ability, read from the contract. */
export function contractRoutes(document: OpenApiDocument = loadContract()): ContractRoute[] {
  const routes: ContractRoute[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    // Case-insensitive like Express's routing: `/PROSPECTS` reaches the same handler, so it must meet the same
    // ability check (a case-sensitive pattern let a read-only token create prospects there).
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`, 'i');
    for (const [method, operation] of Object.entries(item)) {
      const op = operation as {
        operationId?: string;
        security?: Array<{ bearerAuth?: string[] }>;
        parameters?: Array<{ $ref?: string }>;
      };
      if (!op.operationId) continue;
      const ability = op.security?.[0]?.bearerAuth?.[0] as Ability;
      const parameters = [...((item.parameters as typeof op.parameters) ?? []), ...(op.parameters ?? [])].map(
        (p) => parameterOf(document, p),
      );
      routes.push({
        method: method.toUpperCase(),
        operationId: op.operationId,
        pattern,
        ability,
        hasProspectId: path.includes('{id}'),
        integerQuery: parameters
          .filter((p) => p.in === 'query' && p.schema?.type === 'integer')
          .map((p) => p.name as string),
      });
    }
  }
  return routes;
}
