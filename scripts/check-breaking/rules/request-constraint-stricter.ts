import type { ContractChange } from '../contract-change.js';
import type { Node } from '../contract-document.js';
import { requestSchemas } from '../operation-schemas.js';
import { walkSchemaPair } from '../walk-schema-pair.js';

const UPPER = ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum'] as const;
const LOWER = ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum'] as const;

const show = (value: unknown) => (value === undefined ? 'none' : JSON.stringify(value));
const typesOf = (schema: Node): string[] | undefined =>
  schema.type === undefined ? undefined : [schema.type].flat();

/** What a request schema refuses now that it accepted before, one sentence per keyword. */
export function stricterKeywords(base: Node, head: Node): string[] {
  const found: string[] = [];
  if (head.pattern !== undefined && head.pattern !== base.pattern)
    found.push(`pattern changed from ${show(base.pattern)} to ${show(head.pattern)}`);
  for (const keyword of UPPER)
    if (typeof head[keyword] === 'number' && !(head[keyword] >= (base[keyword] ?? Number.POSITIVE_INFINITY)))
      found.push(`${keyword} lowered from ${show(base[keyword])} to ${head[keyword]}`);
  for (const keyword of LOWER)
    if (typeof head[keyword] === 'number' && !(head[keyword] <= (base[keyword] ?? Number.NEGATIVE_INFINITY)))
      found.push(`${keyword} raised from ${show(base[keyword])} to ${head[keyword]}`);
  if (Array.isArray(head.enum)) {
    const lost = Array.isArray(base.enum)
      ? (base.enum as unknown[]).filter((v) => !(head.enum as unknown[]).includes(v))
      : undefined;
    if (lost === undefined) found.push(`enum added: ${show(head.enum)}`);
    else if (lost.length > 0) found.push(`enum lost ${show(lost)}`);
  }
  if (head.const !== undefined && JSON.stringify(head.const) !== JSON.stringify(base.const))
    found.push(`const changed from ${show(base.const)} to ${show(head.const)}`);
  if (head.format !== undefined && head.format !== base.format)
    found.push(`format changed from ${show(base.format)} to ${show(head.format)}`);
  if (head.multipleOf !== undefined && head.multipleOf !== base.multipleOf)
    found.push(`multipleOf changed from ${show(base.multipleOf)} to ${head.multipleOf}`);
  const bt = typesOf(base);
  const ht = typesOf(head);
  if (ht && (!bt || bt.some((t) => !ht.includes(t)) || ht.length < bt.length))
    found.push(`type narrowed from ${show(bt)} to ${show(ht)}`);
  if (head.additionalProperties === false && base.additionalProperties !== false)
    found.push('additionalProperties set to false');
  return found;
}

/**
 * A constraint of a request made stricter (a `pattern`, a `maxLength`, an `enum`, a `minimum`...): a request
 * a client sent yesterday gets 422 today. Optic has no rule for most of them.
 */
export function requestConstraintStricter(docs: { base: Node; head: Node }): ContractChange[] {
  return requestSchemas(docs).flatMap((schema) => {
    const changes: ContractChange[] = [];
    walkSchemaPair(docs, schema, ({ base, head, where }) => {
      for (const detail of stricterKeywords(base, head))
        changes.push({
          rule: 'request-constraint-stricter',
          where,
          detail,
          reach: 'behaviour',
          usedBy: [schema.operation],
        });
    });
    return changes;
  });
}
