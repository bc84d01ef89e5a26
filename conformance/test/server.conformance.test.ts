import { testDatabaseKinds } from '@prospectkit/server/testing';
import { defineConformanceSuite } from '../src/define-conformance-suite.js';
import { startServerTarget } from '../src/targets/server-target.js';

// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
for (const kind of testDatabaseKinds()) {
  defineConformanceSuite(`server on ${kind}`, () => startServerTarget(kind));
}
