import { parseOpenAPIWithSourcemap } from '@useoptic/openapi-io';
import { compareSpecs } from '@useoptic/openapi-utilities';
import { RuleRunner } from '@useoptic/rulesets-base';
import { BreakingChangesRuleset } from '@useoptic/standard-rulesets';
import type { ContractChange } from './contract-change.js';

/**
 * Optic's breaking-change rules (`@useoptic/standard-rulesets`' `BreakingChangesRuleset`, the one `optic diff
 * --check` runs by default), run in-process on two files: its failures as changes, and how many checks ran.
 * Optic compares dereferenced documents, so renames, tighter patterns and described behaviour are left to
 * this folder's own rules.
 *
 * @param files paths of the base and head contracts
 */
export async function opticChanges(files: {
  base: string;
  head: string;
}): Promise<{ changes: ContractChange[]; checks: number }> {
  type InputSpec = Parameters<typeof compareSpecs>[0];
  // The contract is OpenAPI 3.1 (`openapi: 3.1.0`), never a 2.x document.
  const parse = async (path: string) =>
    ({ ...(await parseOpenAPIWithSourcemap(path)), isEmptySpec: false, version: '3.1.x' }) as InputSpec;
  const runner = new RuleRunner([new BreakingChangesRuleset()]);
  const { results } = await compareSpecs(await parse(files.base), await parse(files.head), runner, {});
  const changes = results
    .filter((r) => !r.passed && !r.exempted)
    .map(
      (r): ContractChange => ({
        rule: 'optic',
        where: r.where,
        detail: `${r.name}: ${r.error ?? ''}`.trim(),
        reach: 'types',
        usedBy: [],
        ...(r.location.jsonPath.startsWith('/webhooks') ? { webhooks: true } : {}),
      }),
    );
  return { changes, checks: results.length };
}
