import type { ContractChange } from '../contract-change.js';
import { type Node, resolve } from '../contract-document.js';
import { operationPairs, responseSchemas } from '../operation-schemas.js';
import { walkSchemaPair } from '../walk-schema-pair.js';

const required = (schema: Node): string[] => (Array.isArray(schema.required) ? schema.required : []);
const canBeNull = (schema: Node) => [schema.type].flat().includes('null');

/**
 * A response field or header a client could count on that it no longer can: a property taken out of
 * `required`, a field that may now be `null`, a header no longer `required: true` (or no longer listed).
 */
export function responseMadeOptional(docs: { base: Node; head: Node }): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const schema of responseSchemas(docs)) {
    walkSchemaPair(docs, schema, ({ base, head, where }) => {
      const lost = required(base).filter((name) => !required(head).includes(name));
      if (lost.length > 0)
        changes.push({
          rule: 'response-made-optional',
          where,
          detail: `no longer requires ${lost.map((n) => `\`${n}\``).join(', ')}`,
          reach: 'types',
          usedBy: [schema.operation],
        });
      if (base.type !== undefined && !canBeNull(base) && canBeNull(head))
        changes.push({
          rule: 'response-made-optional',
          where,
          detail: 'may now be null',
          reach: 'types',
          usedBy: [schema.operation],
        });
    });
  }
  for (const op of operationPairs(docs)) {
    for (const [status, headResponse] of op.headResponses) {
      const baseHeaders = (op.baseResponses.get(status)?.headers ?? {}) as Record<string, Node>;
      const headHeaders = (headResponse.headers ?? {}) as Record<string, Node>;
      for (const [name, raw] of Object.entries(baseHeaders)) {
        if (resolve(docs.base, raw).node?.required !== true) continue;
        const now = headHeaders[name] ? resolve(docs.head, headHeaders[name]).node : undefined;
        if (now?.required === true) continue;
        changes.push({
          rule: 'response-made-optional',
          where: `${op.key} response ${status} header ${name}`,
          detail: now ? 'is no longer required' : 'is no longer sent',
          reach: 'behaviour',
          usedBy: [op.key],
        });
      }
    }
  }
  return changes;
}
