import { type Node, operations, parametersOf, resolve, responsesOf } from './contract-document.js';

/** Two versions of one schema of an operation, and the name of its place. */
export interface OperationSchema {
  operation: string;
  base: Node | undefined;
  head: Node | undefined;
  where: string;
}

/** The operations both contracts have, by `METHOD /path`. */
function commonOperations(docs: { base: Node; head: Node }) {
  const base = operations(docs.base);
  return [...operations(docs.head).values()].flatMap((head) => {
    const old = base.get(head.key);
    return old ? [{ base: old, head }] : [];
  });
}

/** The request's schemas of every operation both contracts have: each parameter's, and the body's per media type. */
export function requestSchemas(docs: { base: Node; head: Node }): OperationSchema[] {
  return commonOperations(docs).flatMap(({ base, head }) => {
    const bp = parametersOf(docs.base, base);
    const params = [...parametersOf(docs.head, head)].flatMap(([key, p]) =>
      bp.has(key)
        ? [
            {
              operation: head.key,
              base: bp.get(key)?.node.schema,
              head: p.node.schema,
              where: `${head.key} parameter ${key}`,
            },
          ]
        : [],
    );
    const baseBody = resolve(docs.base, base.operation.requestBody).node;
    const headBody = resolve(docs.head, head.operation.requestBody).node;
    const bodies = Object.entries((headBody?.content ?? {}) as Record<string, Node>).map(
      ([media, content]) => ({
        operation: head.key,
        base: baseBody?.content?.[media]?.schema,
        head: content.schema,
        where: `${head.key} request body`,
      }),
    );
    return [...params, ...bodies];
  });
}

/** The response bodies' schemas of every operation both contracts have, per status and media type. */
export function responseSchemas(docs: { base: Node; head: Node }): OperationSchema[] {
  return commonOperations(docs).flatMap(({ base, head }) => {
    const br = responsesOf(docs.base, base);
    return [...responsesOf(docs.head, head)].flatMap(([status, response]) =>
      Object.entries((response.content ?? {}) as Record<string, Node>).map(([media, content]) => ({
        operation: head.key,
        base: br.get(status)?.content?.[media]?.schema,
        head: content.schema,
        where: `${head.key} response ${status}`,
      })),
    );
  });
}

/** The operations both contracts have, with their resolved parameters and responses, for the rules that need them. */
export function operationPairs(docs: { base: Node; head: Node }) {
  return commonOperations(docs).map(({ base, head }) => ({
    key: head.key,
    baseParameters: parametersOf(docs.base, base),
    headParameters: parametersOf(docs.head, head),
    baseResponses: responsesOf(docs.base, base),
    headResponses: responsesOf(docs.head, head),
    baseOperation: base.operation,
    headOperation: head.operation,
  }));
}
