/** The rules of `npm run check:breaking` (docs/versioning.md, "What breaks a client"). */
export type ContractRule =
  | 'component-removed'
  | 'request-constraint-stricter'
  | 'request-required-added'
  | 'response-made-optional'
  | 'behaviour-changed'
  | 'optic';

/**
 * What a change reaches: `types` changes what code generated from the contract looks like (the client's
 * types, and every package that bundles them); `behaviour` changes what the server and the mock accept or
 * answer.
 */
export type ChangeReach = 'types' | 'behaviour';

/** One breaking change of the contract, found by comparing it with the last release's. */
export interface ContractChange {
  rule: ContractRule;
  /** The place, e.g. `components.schemas.Website` or `GET /prospects parameter query:page`. */
  where: string;
  /** What changed, in a sentence without the place, e.g. `pattern changed from "^a" to "^b"`. */
  detail: string;
  reach: ChangeReach;
  /** The operations (`METHOD /path`) whose requests or responses it is in, when known. */
  usedBy: string[];
  /** Whether it is in the contract's `webhooks` (the events `@prospectkit/webhooks` types). */
  webhooks?: boolean;
}

/**
 * The published packages a change reaches, which therefore need a breaking changeset: the server and the mock
 * implement the contract (the conformance suite holds them to the same answers), the client's types come
 * from it, and the webhook verifier's event types from its `webhooks`.
 *
 * @example
 * packagesReached({ reach: 'behaviour' }); // ['@prospectkit/server', '@prospectkit/mock']
 */
export function packagesReached(change: Pick<ContractChange, 'reach' | 'webhooks'>): string[] {
  const names = ['@prospectkit/server', '@prospectkit/mock'];
  if (change.reach === 'types') names.unshift('@prospectkit/client');
  if (change.webhooks) names.push('@prospectkit/webhooks');
  return names;
}

/** Merges changes found at one place through several operations into one, listing the operations. */
export function mergeChanges(changes: readonly ContractChange[]): ContractChange[] {
  const byKey = new Map<string, ContractChange>();
  for (const change of changes) {
    const key = `${change.rule}|${change.where}|${change.detail}`;
    const known = byKey.get(key);
    if (!known) byKey.set(key, { ...change, usedBy: [...change.usedBy] });
    else for (const op of change.usedBy) if (!known.usedBy.includes(op)) known.usedBy.push(op);
  }
  return [...byKey.values()];
}
