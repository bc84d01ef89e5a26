/**
 * `@prospectkit/server/testing`: the reference server in-process on a fresh database ({@link startTestServer}),
 * and a local HTTPS webhook receiver ({@link startWebhookReceiver}) for delivery tests.
 *
 * @packageDocumentation
 */
export { createTestCertificate, type TestCertificate } from './test-certificate.js';
export { openTestDatabase, testDatabaseKinds } from './test-database.js';
export { startTestServer, type TestServer } from './test-server.js';
export {
  type ReceivedRequest,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from './webhook-receiver.js';
