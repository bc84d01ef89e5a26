import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type ContractChange, mergeChanges } from './contract-change.js';
import type { Node } from './contract-document.js';
import { opticChanges } from './optic-changes.js';
import { behaviourChanged, behaviourMarkerProblems } from './rules/behaviour-changed.js';
import { componentRemoved } from './rules/component-removed.js';
import { requestConstraintStricter } from './rules/request-constraint-stricter.js';
import { requestRequiredAdded } from './rules/request-required-added.js';
import { responseMadeOptional } from './rules/response-made-optional.js';

/** This folder's rules, each a function of the two parsed documents (docs/versioning.md lists them). */
export const OWN_RULES = [
  componentRemoved,
  requestConstraintStricter,
  requestRequiredAdded,
  responseMadeOptional,
  behaviourChanged,
] as const;

/** What comparing two contracts found. */
export interface BreakingChanges {
  /** The breaking changes, Optic's and this folder's rules', one per place and change. */
  changes: ContractChange[];
  /** How many of Optic's checks ran. */
  opticChecks: number;
  /** Malformed `x-behaviour-changed` entries of the head contract: these fail the check whatever the changesets. */
  problems: string[];
}

/**
 * Compares a contract with an earlier one and lists every breaking change: Optic's breaking-change ruleset
 * on the dereferenced documents, and the rules Optic lacks ({@link OWN_RULES}) on the documents as written.
 *
 * @param texts the YAML of the base (the last release's) and the head contract
 * @example
 * const { changes } = await findBreakingChanges({ base: oldYaml, head: readFileSync('openapi/openapi.yaml', 'utf8') });
 */
export async function findBreakingChanges(texts: { base: string; head: string }): Promise<BreakingChanges> {
  const docs = { base: parse(texts.base) as Node, head: parse(texts.head) as Node };
  const own = OWN_RULES.flatMap((rule) => rule(docs));
  const dir = mkdtempSync(join(tmpdir(), 'check-breaking-'));
  try {
    writeFileSync(join(dir, 'base.yaml'), texts.base);
    writeFileSync(join(dir, 'head.yaml'), texts.head);
    const optic = await opticChanges({ base: join(dir, 'base.yaml'), head: join(dir, 'head.yaml') });
    return {
      changes: mergeChanges([...optic.changes, ...own]),
      opticChecks: optic.checks,
      problems: behaviourMarkerProblems(docs.head),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
