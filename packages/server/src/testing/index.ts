export { openTestDatabase, testDatabaseKinds } from './test-database.js';
export { startTestServer, type TestServer } from './test-server.js';
