import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document
type Node = Record<string, any>;

let contract: Node | undefined;

function load(): Node {
  contract ??= parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as Node;
  return contract;
}

/** Follows a local `$ref` such as `#/components/headers/Location`. */
function resolve(node: Node): Node {
  if (typeof node.$ref !== 'string') return node;
  const path = node.$ref.replace(/^#\//, '').split('/');
  return resolve(path.reduce((at: Node, key: string) => at[key], load()));
}

/**
 * The response headers the contract marks `required: true` for an operation's answer of `status`, in the
 * contract's order. A validating proxy such as Prism flags an answer without one of them.
 *
 * @param operationId e.g. `'createProspect'`
 * @param status e.g. `201`
 * @see openapi.yaml `components.headers`
 */
export function requiredHeaders(operationId: string, status: number): string[] {
  for (const item of Object.values(load().paths as Record<string, Node>)) {
    for (const operation of Object.values(item)) {
      if (operation?.operationId !== operationId) continue;
      const response = operation.responses[String(status)];
      if (!response) throw new Error(`${operationId} has no ${status} response in openapi.yaml.`);
      return Object.entries((resolve(response).headers ?? {}) as Record<string, Node>)
        .filter(([, header]) => resolve(header).required === true)
        .map(([name]) => name);
    }
  }
  throw new Error(`openapi.yaml has no operation ${operationId}.`);
}
