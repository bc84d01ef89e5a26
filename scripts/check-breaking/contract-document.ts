// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document
export type Node = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `#/components/schemas/Website` as `components.schemas.Website`, how the checks name a place. */
export function pointerToPath(pointer: string): string {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/**
 * Follows a local `$ref` (and a chain of them) to the node it names, before any dereferencing, so that the
 * checks still see which component a place uses.
 *
 * @returns the node, and the pointer of the last `$ref` followed (none when `node` is no reference)
 * @throws {Error} for a reference outside the document or to nothing
 */
export function resolve(doc: Node, node: Node | undefined): { node: Node | undefined; pointer?: string } {
  let at = node;
  let pointer: string | undefined;
  for (let hops = 0; at && typeof at.$ref === 'string'; hops++) {
    if (hops > 32 || !at.$ref.startsWith('#/')) throw new Error(`Failed to follow $ref ${at.$ref}.`);
    pointer = at.$ref as string;
    at = pointer
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Node | undefined>((parent, key) => parent?.[key], doc);
  }
  return pointer === undefined ? { node: at } : { node: at, pointer };
}

/** An operation of the contract, named `METHOD /path` (e.g. `POST /prospects`). */
export interface Operation {
  key: string;
  operation: Node;
  /** The path item's parameters, which the operation's own override by `in` and `name`. */
  pathParameters: Node[];
}

/** Every operation of `paths`, by `METHOD /path`. */
export function operations(doc: Node): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      found.set(key, { key, operation, pathParameters: (item.parameters ?? []) as Node[] });
    }
  }
  return found;
}

/** An operation's parameters, resolved, by `in:name` (the operation's own win over the path item's). */
export function parametersOf(doc: Node, op: Operation): Map<string, { node: Node; pointer?: string }> {
  const found = new Map<string, { node: Node; pointer?: string }>();
  for (const raw of [...op.pathParameters, ...((op.operation.parameters ?? []) as Node[])]) {
    const resolved = resolve(doc, raw);
    if (!resolved.node) continue;
    found.set(`${resolved.node.in}:${resolved.node.name}`, resolved as { node: Node; pointer?: string });
  }
  return found;
}

/** An operation's responses, resolved, by status. */
export function responsesOf(doc: Node, op: Operation): Map<string, Node> {
  const found = new Map<string, Node>();
  for (const [status, raw] of Object.entries((op.operation.responses ?? {}) as Record<string, Node>)) {
    const { node } = resolve(doc, raw);
    if (node) found.set(status, node);
  }
  return found;
}
