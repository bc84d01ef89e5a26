import { describe, it } from 'vitest';
import { defineConformanceSuite } from '../src/define-conformance-suite.js';
import { type ProcessTargetOptions, startProcessTarget } from '../src/targets/process-target.js';

// `npm run test:hardening` (its `prism` part) runs this file with CONFORMANCE_PROCESS_TARGET set: a server
// process on PostgreSQL with Prism as a validating proxy in front of it. `npm test` has no such server.
const settings = process.env.CONFORMANCE_PROCESS_TARGET;
if (settings) {
  const options = JSON.parse(settings) as ProcessTargetOptions;
  defineConformanceSuite('server process behind Prism', () => startProcessTarget(options));
} else {
  describe.skip('conformance: server process behind Prism', () => {
    it('runs in npm run test:hardening (CONFORMANCE_PROCESS_TARGET is not set)', () => {});
  });
}
