import type { ContractChange } from '../contract-change.js';
import { type Node, pointerToPath, resolve } from '../contract-document.js';

/** The component sections code generators turn into named types (openapi-typescript's `components`). */
const SECTIONS = ['schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'pathItems'] as const;

/** Every `$ref` of a document by the JSON path of the object holding it. */
function refsByPlace(node: unknown, path = '', found = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) refsByPlace(item, `${path}/${i}`, found);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.set(path, value);
      else refsByPlace(value, `${path}/${key}`, found);
    }
  }
  return found;
}

/** The components reachable from the document's `webhooks`, by pointer. */
function reachableFromWebhooks(doc: Node): Set<string> {
  const reached = new Set<string>();
  const queue = [...refsByPlace(doc.webhooks ?? {}).values()];
  for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
    if (reached.has(ref)) continue;
    reached.add(ref);
    queue.push(...refsByPlace(resolve(doc, { $ref: ref }).node ?? {}).values());
  }
  return reached;
}

/**
 * A component removed or renamed: code generated from the contract names its types after the components
 * (`components['schemas']['Error']`), so a rename breaks it even where the schema itself is unchanged, which a
 * diff of dereferenced documents (Optic's) cannot see. A rename is told by the places that named the old
 * component and now name another one.
 */
export function componentRemoved(docs: { base: Node; head: Node }): ContractChange[] {
  const baseRefs = refsByPlace(docs.base);
  const headRefs = refsByPlace(docs.head);
  const webhooks = reachableFromWebhooks(docs.base);
  const changes: ContractChange[] = [];
  for (const section of SECTIONS) {
    const head = (docs.head.components?.[section] ?? {}) as Node;
    for (const name of Object.keys((docs.base.components?.[section] ?? {}) as Node)) {
      if (name in head) continue;
      const pointer = `#/components/${section}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const renamedTo = new Set<string>();
      for (const [place, ref] of baseRefs) {
        const now = headRefs.get(place);
        if (ref === pointer && now !== undefined && now !== pointer) renamedTo.add(pointerToPath(now));
      }
      changes.push({
        rule: 'component-removed',
        where: pointerToPath(pointer),
        detail:
          renamedTo.size > 0
            ? `was renamed or removed: the places that used it now use ${[...renamedTo].join(', ')}`
            : 'was removed',
        reach: 'types',
        usedBy: [],
        ...(webhooks.has(pointer) ? { webhooks: true } : {}),
      });
    }
  }
  return changes;
}
