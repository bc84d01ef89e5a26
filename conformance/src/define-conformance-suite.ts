import { afterAll, beforeAll, describe } from 'vitest';
import type { ConformanceTarget } from './conformance-target.js';
import { authenticationSuite } from './suites/authentication.js';
import { contactLocationFieldsSuite } from './suites/contact-location-fields.js';
import { createProspectSuite } from './suites/create-prospect.js';
import { customFieldFiltersSuite } from './suites/custom-field-filters.js';
import { customFieldsSuite } from './suites/custom-fields.js';
import { getProspectSuite } from './suites/get-prospect.js';
import { headersSuite } from './suites/headers.js';
import { listFiltersSuite } from './suites/list-filters.js';
import { listProspectsSuite } from './suites/list-prospects.js';
import { mediaSuite } from './suites/media.js';
import { rateLimitSuite } from './suites/rate-limit.js';
import { recordOutcomeSuite } from './suites/record-outcome.js';
import { updateProspectSuite } from './suites/update-prospect.js';

/** Hands the suites the target once `beforeAll` has started it. */
export type TargetRef = () => ConformanceTarget;

/**
 * Registers the whole conformance suite against one target: every operation and status of the contract, with
 * the same expectations and bodies for every target (ids and timestamps aside). Call it once per target, in
 * the target's own test file.
 *
 * @param name shown in the test names, e.g. `'server on pglite'`
 * @param start starts the target; it is closed after the suite
 * @example
 * defineConformanceSuite('mock', () => startMockTarget());
 */
export function defineConformanceSuite(name: string, start: () => Promise<ConformanceTarget>): void {
  describe(`conformance: ${name}`, () => {
    let target: ConformanceTarget | undefined;
    beforeAll(async () => {
      target = await start();
    });
    afterAll(async () => {
      await target?.close();
    });
    const ref: TargetRef = () => {
      if (!target) throw new Error('The conformance target did not start.');
      return target;
    };
    authenticationSuite(ref);
    headersSuite(ref);
    mediaSuite(ref);
    createProspectSuite(ref);
    contactLocationFieldsSuite(ref);
    customFieldsSuite(ref);
    getProspectSuite(ref);
    listProspectsSuite(ref);
    listFiltersSuite(ref);
    customFieldFiltersSuite(ref);
    updateProspectSuite(ref);
    recordOutcomeSuite(ref);
    rateLimitSuite(ref);
  });
}
