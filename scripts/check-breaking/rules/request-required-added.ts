import type { ContractChange } from '../contract-change.js';
import { type Node, resolve } from '../contract-document.js';
import { operationPairs, requestSchemas } from '../operation-schemas.js';
import { walkSchemaPair } from '../walk-schema-pair.js';

const required = (schema: Node): string[] => (Array.isArray(schema.required) ? schema.required : []);

/**
 * Something a request must now carry that it did not have to: a property added to a `required` list, a
 * parameter made required or added as required, a body made required.
 */
export function requestRequiredAdded(docs: { base: Node; head: Node }): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const schema of requestSchemas(docs)) {
    walkSchemaPair(docs, schema, ({ base, head, where }) => {
      const added = required(head).filter((name) => !required(base).includes(name));
      if (added.length > 0)
        changes.push({
          rule: 'request-required-added',
          where,
          detail: `now requires ${added.map((n) => `\`${n}\``).join(', ')}`,
          reach: 'types',
          usedBy: [schema.operation],
        });
    });
  }
  for (const op of operationPairs(docs)) {
    for (const [key, { node }] of op.headParameters) {
      if (node.required !== true || op.baseParameters.get(key)?.node.required === true) continue;
      changes.push({
        rule: 'request-required-added',
        where: `${op.key} parameter ${key}`,
        detail: op.baseParameters.has(key) ? 'is now required' : 'is new and required',
        reach: 'types',
        usedBy: [op.key],
      });
    }
    const body = (doc: Node, operation: Node) => resolve(doc, operation.requestBody).node?.required === true;
    if (body(docs.head, op.headOperation) && !body(docs.base, op.baseOperation))
      changes.push({
        rule: 'request-required-added',
        where: `${op.key} request body`,
        detail: 'is now required',
        reach: 'types',
        usedBy: [op.key],
      });
  }
  return changes;
}
