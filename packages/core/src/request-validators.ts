import type { ValidateFunction } from 'ajv';
import { ajvFieldIssues } from './ajv-field-issues.js';
import { type Ajv, createContractAjv } from './contract-ajv.js';
import { CONTRACT_OPERATIONS, type ContractOperation, type OperationId } from './contract-operations.js';
import { gatherDeepObjects } from './custom-field-filters.js';
import { contract } from './generated/contract.js';
import { strictQueryIntegers } from './strict-query-integers.js';
import type { FieldIssue } from './validation-messages.js';

/** A query string as Express's simple parser gives it: a repeated key becomes a list. */
export type QueryObject = Record<string, string | string[]>;

/** The validators of one operation. */
interface OperationValidators {
  /** Names of the query parameters the operation declares. */
  queryNames: ReadonlySet<string>;
  /** Names of its query parameters of `type: integer`. */
  integerNames: readonly string[];
  /** Names of its query parameters of `type: array` (`tag`): one value is a list of one. */
  arrayNames: readonly string[];
  /** Names of its `style: deepObject` query parameters (`custom_fields`), sent as `name[key]=value`. */
  deepObjectNames: ReadonlySet<string>;
  query: ValidateFunction;
  body: ValidateFunction | undefined;
}

const { components } = contract as unknown as { components: Record<string, unknown> };

function compileOperation(queryAjv: Ajv, bodyAjv: Ajv, operation: ContractOperation): OperationValidators {
  const queryParameters = operation.parameters
    .map((p) => (p.$ref ? resolveParameter(p.$ref) : p))
    .filter((p) => p.in === 'query');
  const properties = Object.fromEntries(queryParameters.map((p) => [p.name, p.schema]));
  const required = queryParameters.filter((p) => p.required).map((p) => p.name);
  return {
    queryNames: new Set(Object.keys(properties)),
    integerNames: queryParameters.filter((p) => p.schema?.type === 'integer').map((p) => p.name),
    arrayNames: queryParameters.filter((p) => p.schema?.type === 'array').map((p) => p.name),
    deepObjectNames: new Set(queryParameters.filter((p) => p.style === 'deepObject').map((p) => p.name)),
    query: queryAjv.compile({
      components,
      type: 'object',
      properties: { query: { type: 'object', properties, ...(required.length ? { required } : {}) } },
    }),
    body: operation.bodySchema
      ? bodyAjv.compile({ components, properties: { body: operation.bodySchema }, required: ['body'] })
      : undefined,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a parameter object of the contract
function resolveParameter(ref: string): any {
  const name = ref.replace(/^#\/components\/parameters\//, '');
  return (components.parameters as Record<string, unknown>)[name];
}

let compiled: Map<OperationId, OperationValidators> | undefined;

/** Compiles every operation's validators once per process (ajv compiles to code; that is the slow part). */
function validators(): Map<OperationId, OperationValidators> {
  if (!compiled) {
    const queryAjv = createContractAjv(true);
    const bodyAjv = createContractAjv(false);
    compiled = new Map(
      CONTRACT_OPERATIONS.map((o) => [o.operationId, compileOperation(queryAjv, bodyAjv, o)]),
    );
  }
  return compiled;
}

/** What validation left: the query with types coerced and defaults applied, or the issues of a 422. */
export type ValidationResult =
  | { ok: true; query: Record<string, unknown> }
  | { ok: false; issues: FieldIssue[] };

/**
 * Validates an operation's query and body against the contract, the query's and the body's schema errors
 * together, for the server and the mock alike. Query parameters the operation does not declare are ignored;
 * integer ones must be decimal digits; an array one sent once is a list of one. ajv's structured errors (`keyword`, `params`) become the 422's field
 * issues ({@link ajvFieldIssues}); no message text is read.
 *
 * @see openapi.yaml `info.description` (Order of checks, step 6; Query parameters)
 */
export function validateRequest(
  operationId: OperationId,
  query: QueryObject,
  body: unknown,
): ValidationResult {
  const operation = validators().get(operationId);
  if (!operation) throw new Error(`no validators for ${operationId}`);
  // `custom_fields[seats]=25` (a deepObject parameter) arrives as a name of its own; gathered, it is validated
  // as the parameter's object.
  const known = Object.fromEntries(
    Object.entries(gatherDeepObjects(query, operation.deepObjectNames))
      .filter(([name]) => operation.queryNames.has(name))
      // A form-exploded array (`?tag=a&tag=b`) sent once is one string; the schema wants a list.
      .map(([name, value]) => [
        name,
        operation.arrayNames.includes(name) && typeof value === 'string' ? [value] : value,
      ]),
  );
  const data = { query: strictQueryIntegers(known, operation.integerNames) };
  const queryValid = operation.query(data);
  const bodyValid = operation.body ? operation.body({ body }) : true;
  if (queryValid && bodyValid) return { ok: true, query: data.query };
  const errors = [...(operation.query.errors ?? []), ...(operation.body?.errors ?? [])];
  return { ok: false, issues: ajvFieldIssues(errors) };
}
