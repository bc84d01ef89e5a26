import { defineConformanceSuite } from '../src/define-conformance-suite.js';
import { startMockTarget } from '../src/targets/mock-target.js';

defineConformanceSuite('mock', () => startMockTarget());
