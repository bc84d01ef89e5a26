export { createTestCertificate, type TestCertificate } from './test-certificate.js';
export { openTestDatabase, testDatabaseKinds } from './test-database.js';
export { startTestServer, type TestServer } from './test-server.js';
export {
  type ReceivedRequest,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from './webhook-receiver.js';
