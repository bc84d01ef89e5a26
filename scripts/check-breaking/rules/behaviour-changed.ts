import type { ContractChange } from '../contract-change.js';
import type { Node } from '../contract-document.js';

/** The extension that marks a described behaviour as changed (docs/versioning.md, "Marking a change of behaviour"). */
export const BEHAVIOUR_CHANGED = 'x-behaviour-changed';

/** `<version>: <what changed>`, the version being `unreleased` until the release script writes it in. */
const ENTRY = /^(unreleased|\d+\.\d+\.\d+): \S/;

/** Every `x-behaviour-changed` of a document: the dotted place and its entries. */
export function behaviourMarkers(
  doc: unknown,
  path: string[] = [],
): Array<{ where: string; entries: unknown[] }> {
  if (doc === null || typeof doc !== 'object') return [];
  const found: Array<{ where: string; entries: unknown[] }> = [];
  for (const [key, value] of Object.entries(doc)) {
    if (key === BEHAVIOUR_CHANGED) found.push({ where: path.join('.'), entries: [value].flat() });
    else found.push(...behaviourMarkers(value, [...path, key]));
  }
  return found;
}

/**
 * A behaviour the contract describes in words (what `search` matches, when a header is left out) marked as
 * changed: an `x-behaviour-changed` entry that the base contract has nowhere. Entries are compared by their
 * text, so renaming the component that holds one is no new change.
 */
export function behaviourChanged(docs: { base: Node; head: Node }): ContractChange[] {
  const known = new Set(behaviourMarkers(docs.base).flatMap((m) => m.entries.map(String)));
  return behaviourMarkers(docs.head).flatMap(({ where, entries }) =>
    entries
      .map(String)
      .filter((entry) => !known.has(entry))
      .map((entry) => ({
        rule: 'behaviour-changed' as const,
        where,
        detail: `behaviour changed: ${entry.replace(/^unreleased: /, '')}`,
        reach: 'behaviour' as const,
        usedBy: [],
        ...(where.startsWith('webhooks.') ? { webhooks: true } : {}),
      })),
  );
}

/** `x-behaviour-changed` entries that are not `<version>: <what changed>` strings, one sentence each. */
export function behaviourMarkerProblems(doc: Node): string[] {
  return behaviourMarkers(doc).flatMap(({ where, entries }) =>
    entries
      .filter((entry) => typeof entry !== 'string' || !ENTRY.test(entry))
      .map(
        (entry) =>
          `${where}.${BEHAVIOUR_CHANGED}: ${JSON.stringify(entry)} is not "<version>: <what changed>" (write "unreleased: ..." until the release).`,
      ),
  );
}
