import { type Node, pointerToPath, resolve } from './contract-document.js';

/** One place of a schema, in the base and the head contract alike. */
export interface SchemaPair {
  base: Node;
  head: Node;
  /**
   * Where it is: the head's component it lies in when the walk went through a `$ref`
   * (`components.schemas.Website`), else the place it was reached from, with the properties below it
   * (`POST /prospects request body.website`).
   */
  where: string;
}

/**
 * Walks two versions of a schema side by side (properties both have, `items`, `additionalProperties`,
 * `allOf`/`anyOf`/`oneOf` by position, `not`), following each document's `$ref`s itself, and calls `visit`
 * on every pair once. Parts only one side has are not walked: a property removed or added is the concern of
 * `required` and of Optic's rules.
 *
 * @param docs the two documents, to resolve references in
 * @param start the two schemas and the name of their place
 * @param visit called with every pair, parents first
 */
export function walkSchemaPair(
  docs: { base: Node; head: Node },
  start: { base: Node | undefined; head: Node | undefined; where: string },
  visit: (pair: SchemaPair) => void,
): void {
  const seen = new Set<string>();
  const walk = (base: Node | undefined, head: Node | undefined, where: string) => {
    const b = resolve(docs.base, base);
    const h = resolve(docs.head, head);
    if (!b.node || !h.node || typeof b.node !== 'object' || typeof h.node !== 'object') return;
    const at = h.pointer ? pointerToPath(h.pointer) : where;
    const key = `${b.pointer ?? ''}|${h.pointer ?? ''}|${at}`;
    if (seen.has(key)) return;
    seen.add(key);
    visit({ base: b.node, head: h.node, where: at });
    const bp = (b.node.properties ?? {}) as Record<string, Node>;
    const hp = (h.node.properties ?? {}) as Record<string, Node>;
    for (const name of Object.keys(hp)) if (name in bp) walk(bp[name], hp[name], `${at}.${name}`);
    walk(b.node.items, h.node.items, `${at}[]`);
    if (typeof b.node.additionalProperties === 'object' && typeof h.node.additionalProperties === 'object')
      walk(b.node.additionalProperties, h.node.additionalProperties, `${at}{}`);
    for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
      const bl = (b.node[keyword] ?? []) as Node[];
      const hl = (h.node[keyword] ?? []) as Node[];
      hl.forEach((item, i) => {
        walk(bl[i], item, `${at}.${keyword}[${i}]`);
      });
    }
    walk(b.node.not, h.node.not, `${at}.not`);
  };
  walk(start.base, start.head, start.where);
}
